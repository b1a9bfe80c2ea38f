// The served pages keep themselves up to date (ledger serve): on each `change` of the page's
// event stream, the page's own fragment (?part=1) is fetched and swapped into <main>. A file of
// the server's own, not an inline script: the pages' policy allows no inline script.
(function () {
  var main = document.getElementById("main");
  if (!main || !main.dataset.events) { return; }
  var source = new EventSource(main.dataset.events);
  source.addEventListener("change", function () {
    var url = new URL(window.location.href); url.searchParams.set("part", "1");
    fetch(url.toString(), {cache: "no-store"}).then(function (r) { return r.ok ? r.text() : null; })
      .then(function (html) { if (html !== null) { main.innerHTML = html; } });
  });
})();
