//! `imsmanifest.xml`: what a learning platform reads from a package. One organization with one
//! item, the activity, launching one SCO (the play page with its query); the resource lists
//! every file of the package. SCORM 1.2 (IMS Content Packaging 1.1.2 with ADL's extensions) or
//! SCORM 2004 4th Edition (IMS CP 1.1.4, ADL CP 1.3). The game reports its own status and
//! score, so neither declares a mastery score or sequencing rules.

use super::Version;

/// Escapes text for XML content and double-quoted attributes.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            // Control characters are not XML 1.0; none belong in a title.
            c if (c as u32) < 0x20 && !matches!(c, '\t' | '\n' | '\r') => {}
            c => out.push(c),
        }
    }
    out
}

/// The manifest of a package: `identifier` names the package (letters, digits, `-`, `.`),
/// `title` the activity, `launch` the SCO's address inside the package (the play page and its
/// query), `files` every file in the package but the manifest.
pub fn manifest(
    version: Version,
    identifier: &str,
    title: &str,
    launch: &str,
    files: &[String],
) -> String {
    let title = escape(title);
    let launch = escape(launch);
    let files: String = files
        .iter()
        .map(|f| format!("      <file href=\"{}\"/>\n", escape(f)))
        .collect();
    let (head, scorm_type) = match version {
        Version::Scorm12 => (
            format!(
                r#"<manifest identifier="{identifier}" version="1.0"
  xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2"
  xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2"
  xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  xsi:schemaLocation="http://www.imsproject.org/xsd/imscp_rootv1p1p2 imscp_rootv1p1p2.xsd http://www.imsglobal.org/xsd/imsmd_rootv1p2p1 imsmd_rootv1p2p1.xsd http://www.adlnet.org/xsd/adlcp_rootv1p2 adlcp_rootv1p2.xsd">
  <metadata>
    <schema>ADL SCORM</schema>
    <schemaversion>1.2</schemaversion>
  </metadata>"#
            ),
            "adlcp:scormtype",
        ),
        Version::Scorm2004 => (
            format!(
                r#"<manifest identifier="{identifier}" version="1.0"
  xmlns="http://www.imsglobal.org/xsd/imscp_v1p1"
  xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_v1p3"
  xmlns:adlseq="http://www.adlnet.org/xsd/adlseq_v1p3"
  xmlns:adlnav="http://www.adlnet.org/xsd/adlnav_v1p3"
  xmlns:imsss="http://www.imsglobal.org/xsd/imsss"
  xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  xsi:schemaLocation="http://www.imsglobal.org/xsd/imscp_v1p1 imscp_v1p1.xsd http://www.adlnet.org/xsd/adlcp_v1p3 adlcp_v1p3.xsd http://www.adlnet.org/xsd/adlseq_v1p3 adlseq_v1p3.xsd http://www.adlnet.org/xsd/adlnav_v1p3 adlnav_v1p3.xsd http://www.imsglobal.org/xsd/imsss imsss_v1p0.xsd">
  <metadata>
    <schema>ADL SCORM</schema>
    <schemaversion>2004 4th Edition</schemaversion>
  </metadata>"#
            ),
            "adlcp:scormType",
        ),
    };
    format!(
        r#"<?xml version="1.0" encoding="UTF-8"?>
{head}
  <organizations default="gamelab-activity">
    <organization identifier="gamelab-activity">
      <title>{title}</title>
      <item identifier="gamelab-item" identifierref="gamelab-sco">
        <title>{title}</title>
      </item>
    </organization>
  </organizations>
  <resources>
    <resource identifier="gamelab-sco" type="webcontent" {scorm_type}="sco" href="{launch}">
{files}    </resource>
  </resources>
</manifest>
"#
    )
}
