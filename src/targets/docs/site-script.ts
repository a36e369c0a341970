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

  var search = document.getElementById("search");
  if (search && window.CHARTER_SEARCH) {
    var results = document.getElementById("search-results");
    var status = document.getElementById("search-status");
    var entries = window.CHARTER_SEARCH;
    search.addEventListener("input", function () {
      var query = search.value.trim().toLowerCase();
      results.textContent = "";
      if (query === "") { status.textContent = ""; return; }
      var found = entries.filter(function (entry) {
        return entry.name.toLowerCase().indexOf(query) >= 0 || entry.description.toLowerCase().indexOf(query) >= 0;
      });
      // Names that match before descriptions that do; then the index's own order.
      found.sort(function (a, b) {
        var an = a.name.toLowerCase().indexOf(query) >= 0 ? 0 : 1;
        var bn = b.name.toLowerCase().indexOf(query) >= 0 ? 0 : 1;
        return an - bn;
      });
      status.textContent = found.length + (found.length === 1 ? " match" : " matches");
      found.slice(0, 50).forEach(function (entry) {
        var item = el("li");
        item.appendChild(el("span", "kind", entry.kind));
        var link = el("a", "", entry.name);
        link.href = entry.href;
        item.appendChild(link);
        item.appendChild(document.createTextNode(" in " + entry.contract));
        if (entry.description) item.appendChild(el("div", "kind", entry.description));
        results.appendChild(item);
      });
    });
  }

  var playground = document.querySelector(".playground");
  if (playground) {
    var input = document.getElementById("payload");
    var button = document.getElementById("check-payload");
    var verdict = document.getElementById("verdict");
    var list = document.getElementById("violations");
    var contract = playground.getAttribute("data-contract");
    var run = function () {
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
    button.addEventListener("click", run);
    input.addEventListener("keydown", function (event) {
      if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) run();
    });
  }
})();
`;
