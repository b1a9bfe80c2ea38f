// The served pages keep themselves up to date (ledger serve): on each `change` of the page's
// event stream, the page's own fragment (?part=1) is fetched and its live parts swapped in,
// one by one: a part with a `data-key` only when its key changed (a form being filled in
// stays), and a folded part stays open or shut as it was. A file of the server's own, not an
// inline script: the pages' policy allows no inline script.
(function () {
  var main = document.getElementById("main");
  if (!main || !main.dataset.events) { return; }
  function ids(root) {
    return Array.prototype.map.call(root.querySelectorAll("[data-live]"), function (e) { return e.id; });
  }
  function swap(html) {
    var opened = Array.prototype.map.call(main.querySelectorAll("details[open][id]"), function (d) { return d.id; });
    var fresh = document.createElement("template");
    fresh.innerHTML = html;
    var parts = fresh.content.querySelectorAll("[data-live]");
    if (!parts.length || ids(fresh.content).join(" ") !== ids(main).join(" ")) {
      main.innerHTML = html;
    } else {
      Array.prototype.forEach.call(parts, function (part) {
        var old = document.getElementById(part.id);
        if (old && (part.dataset.key === undefined || part.dataset.key !== old.dataset.key)) {
          old.replaceWith(part);
        }
      });
    }
    opened.forEach(function (id) { var d = document.getElementById(id); if (d) { d.open = true; } });
  }
  var source = new EventSource(main.dataset.events);
  source.addEventListener("change", function () {
    var url = new URL(window.location.href); url.searchParams.set("part", "1"); url.hash = "";
    fetch(url.toString(), {cache: "no-store"}).then(function (r) { return r.ok ? r.text() : null; })
      .then(function (html) { if (html !== null) { swap(html); } });
  });
})();
