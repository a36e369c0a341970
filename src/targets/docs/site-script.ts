/**
 * The site's one script, classic and dependency-free so that it runs from file://: copy
 * buttons, the search over the index written at docs time (`window.CHARTER_SEARCH`), and the
 * payload box, which hands the text to the bundled runtime (`window.CharterDocs`, see
 * templates/docs-playground.js) and lists its verdict. Text reaches the page through
 * `textContent` only, never as HTML.
 */
export const SITE_SCRIPT = `(function () {
  "use strict";
  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  document.querySelectorAll("button.copy").forEach(function (button) {
    button.addEventListener("click", function () {
      var block = document.getElementById(button.getAttribute("data-copy"));
      if (!block) return;
      var text = block.textContent;
      var done = function () { button.textContent = "Copied"; setTimeout(function () { button.textContent = "Copy"; }, 1500); };
      if (navigator.clipboard && navigator.clipboard.writeText) {
        navigator.clipboard.writeText(text).then(done, function () { selectAndCopy(block); done(); });
      } else { selectAndCopy(block); done(); }
    });
  });
  function selectAndCopy(block) {
    var range = document.createRange();
    range.selectNodeContents(block);
    var selection = window.getSelection();
    selection.removeAllRanges();
    selection.addRange(range);
    try { document.execCommand("copy"); } catch (e) { /* the text stays selected for the reader to copy */ }
  }

  // The search box is made here, not written into each page: without this script it could not
  // search, and its markup on each of a large set's pages added up (7 MB of the corpus's site).
  var place = document.getElementById("site-search");
  var search = null;
  if (place) {
    place.appendChild(el("label", "", "Search contracts, definitions and members")).htmlFor = "search";
    search = place.appendChild(el("input"));
    search.type = "search";
    search.id = "search";
    search.autocomplete = "off";
    search.placeholder = "a name or a word of a description";
    var status = place.appendChild(el("p"));
    status.id = "search-status";
    status.setAttribute("role", "status");
    status.setAttribute("aria-live", "polite");
    var results = place.appendChild(el("ul"));
    results.id = "search-results";
  }
  if (search) {
    var KINDS = ["contract", "definition", "member"];
    // The index is a classic script (file:// refuses fetch), added on the first focus or keystroke
    // (on the index page, once the page has loaded), so that no page waits for it and a large
    // set's index page has it by the time the reader types; each text is lower-cased once.
    var root = place.getAttribute("data-root") || "";
    var index = null;
    var lower = null;
    var requested = false;
    var load = function () {
      if (requested) return;
      requested = true;
      var script = document.createElement("script");
      script.src = root + "assets/search-index.js";
      script.onload = function () {
        index = window.CHARTER_SEARCH;
        lower = index.texts.map(function (text) { return text.toLowerCase(); });
        search.setAttribute("data-ready", "");
        runSearch();
      };
      script.onerror = function () { status.textContent = "The search index did not load."; };
      document.body.appendChild(script);
    };
    var runSearch = function () {
      var query = search.value.trim().toLowerCase();
      results.textContent = "";
      if (query === "") { status.textContent = ""; return; }
      if (!index) { status.textContent = "Loading the search index…"; return; }
      var named = [];
      var described = [];
      var entries = index.entries;
      for (var i = 0; i < entries.length; i += 6) {
        if (lower[entries[i + 1]].indexOf(query) >= 0) named.push(i);
        else if (lower[entries[i + 3]].indexOf(query) >= 0) described.push(i);
      }
      // Names that match before descriptions that do; then the index's own order.
      var found = named.concat(described);
      status.textContent = found.length + (found.length === 1 ? " match" : " matches");
      found.slice(0, 50).forEach(function (at) {
        var texts = index.texts;
        var item = el("li");
        item.appendChild(el("span", "kind", KINDS[entries[at]]));
        var link = el("a", "", texts[entries[at + 1]]);
        var anchor = texts[entries[at + 5]];
        link.href = root + texts[entries[at + 4]] + (anchor ? "#" + anchor : "");
        item.appendChild(link);
        item.appendChild(document.createTextNode(" in " + texts[entries[at + 2]]));
        var description = texts[entries[at + 3]];
        if (description) item.appendChild(el("div", "kind", description));
        results.appendChild(item);
      });
    };
    search.addEventListener("focus", load);
    if (place.hasAttribute("data-preload")) {
      if (document.readyState === "complete") load();
      else window.addEventListener("load", function () { setTimeout(load, 0); });
    }
    search.addEventListener("input", function () { load(); runSearch(); });
  }

  var playground = document.querySelector(".playground");
  if (playground) {
    var input = document.getElementById("payload");
    var button = document.getElementById("check-payload");
    var verdict = document.getElementById("verdict");
    var list = document.getElementById("violations");
    var contract = playground.getAttribute("data-contract");
    var checkPayload = function () {
      list.textContent = "";
      verdict.className = "";
      if (!window.CharterDocs) {
        verdict.textContent = "The validator bundle did not load; the payload cannot be checked here.";
        return;
      }
      window.CharterDocs.check(contract, input.value).then(function (outcome) {
        if (outcome.parseError) {
          verdict.className = "invalid";
          verdict.textContent = "Not JSON or YAML: " + outcome.parseError.message;
          return;
        }
        var count = outcome.violations.length;
        verdict.className = count === 0 ? "valid" : "invalid";
        verdict.textContent = count === 0
          ? "Valid: the payload satisfies " + contract + "."
          : "Invalid: " + count + (count === 1 ? " violation" : " violations") + " of " + contract + ".";
        outcome.violations.forEach(function (violation) {
          var item = el("li", "violation");
          var where = (violation.pointer || "/") + (violation.line ? " (line " + violation.line + ")" : "");
          item.appendChild(el("code", "pointer", where));
          item.appendChild(document.createTextNode(": " + violation.message + " "));
          item.appendChild(el("span", "kind", "[" + violation.keyword + " at " + violation.schemaPath + "]"));
          list.appendChild(item);
        });
      }, function (error) {
        verdict.className = "invalid";
        verdict.textContent = "The check failed: " + error;
      });
    };
    button.addEventListener("click", checkPayload);
    input.addEventListener("keydown", function (event) {
      if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) checkPayload();
    });
  }
})();
`;
