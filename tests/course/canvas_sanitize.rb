# Passes a course page's HTML (stdin) through an allow-list of the kind Canvas applies to what a
# teacher writes (Ruby's `sanitize` gem, Debian's ruby-sanitize), and writes what survives
# (stdout). The rules follow what Canvas keeps: ordinary text elements, links, and iframes with
# src (http, https or relative), width, height, name, frameborder, scrolling, sandbox and
# allowfullscreen, and the global id, class, title, lang and dir; no script, no style element,
# no data-* or event attributes.
require "sanitize"

TEXT = %w[a b blockquote br code div em h1 h2 h3 h4 h5 h6 hr i li ol p pre span strong sub sup
          table tbody td th thead tr u ul].freeze

RULES = {
  elements: TEXT + ["iframe"],
  attributes: {
    "a" => %w[href title target],
    "iframe" => %w[src width height name frameborder scrolling sandbox allowfullscreen],
    :all => %w[id class title lang dir]
  },
  protocols: {
    "a" => { "href" => ["http", "https", "mailto", :relative] },
    "iframe" => { "src" => ["http", "https", :relative] }
  },
  remove_contents: %w[script style]
}.freeze

print Sanitize.fragment($stdin.read, RULES)
