//! Form controls for every game's settings, one shape each: a `<label class="gl-field">` with
//! its text, holding the control, which carries `data-field` (what tests, styles and change
//! handlers find it by). Arguments always come as (parent, label, field, …).

use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlInputElement, HtmlSelectElement};

use crate::ui::dom;
use crate::ui::dom::{child, labelled};

/// An `<input>` of `kind` (text, number, checkbox, radio, file), with `value` unless empty.
pub fn input(
    parent: &Element,
    label: &str,
    field: &str,
    kind: &str,
    value: &str,
) -> HtmlInputElement {
    let input: HtmlInputElement = child(&labelled(parent, label), "input", "").unchecked_into();
    input.set_type(kind);
    dom::best_effort(input.set_attribute("data-field", field));
    if !value.is_empty() {
        input.set_value(value);
    }
    input
}

/// A number input from `min` to `max`.
pub fn number(
    parent: &Element,
    label: &str,
    field: &str,
    (min, max): (usize, usize),
    value: usize,
) -> HtmlInputElement {
    let input = input(parent, label, field, "number", &value.to_string());
    input.set_min(&min.to_string());
    input.set_max(&max.to_string());
    input
}

/// A checkbox, its label after it (as people read a checkbox).
pub fn checkbox(parent: &Element, label: &str, field: &str, checked: bool) -> HtmlInputElement {
    let wrap = child(parent, "label", "gl-field");
    let input: HtmlInputElement = child(&wrap, "input", "").unchecked_into();
    input.set_type("checkbox");
    input.set_checked(checked);
    dom::best_effort(input.set_attribute("data-field", field));
    child(&wrap, "span", "").set_text_content(Some(label));
    input
}

/// A `<select>` of (value, text) options.
pub fn select<V: AsRef<str>, T: AsRef<str>>(
    parent: &Element,
    label: &str,
    field: &str,
    options: &[(V, T)],
) -> HtmlSelectElement {
    let select: HtmlSelectElement = child(&labelled(parent, label), "select", "").unchecked_into();
    dom::best_effort(select.set_attribute("data-field", field));
    fill(&select, options);
    select
}

/// Replaces a select's options (keeping its value when it is still offered).
pub fn fill<V: AsRef<str>, T: AsRef<str>>(select: &HtmlSelectElement, options: &[(V, T)]) {
    let value = select.value();
    select.set_text_content(None);
    for (v, text) in options {
        let option: web_sys::HtmlOptionElement = child(select, "option", "").unchecked_into();
        option.set_value(v.as_ref());
        option.set_text_content(Some(text.as_ref()));
    }
    if !value.is_empty() {
        select.set_value(&value);
    }
}

/// A whole number typed in a field, within `min..=max`; the error names the field.
pub fn read_number(
    input: &HtmlInputElement,
    what: &str,
    (min, max): (usize, usize),
) -> Result<usize, String> {
    let text = input.value();
    match text.trim().parse::<usize>() {
        Ok(n) if (min..=max).contains(&n) => Ok(n),
        _ => Err(format!(
            "{what} must be a whole number from {min} to {max} ('{}' is not)",
            text.trim()
        )),
    }
}
