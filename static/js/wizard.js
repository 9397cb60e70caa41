// The wizard: the short name follows the name (transliterated) until it is edited by hand.
(function () {
  "use strict";
  var map = JSON.parse(document.getElementById("translit").textContent);
  var name = document.getElementById("id_name");
  var slug = document.getElementById("id_slug");
  if (!name || !slug) return;
  function slugFrom(text) {
    var out = "";
    for (var ch of text.toLowerCase()) out += ch in map ? map[ch] : ch;
    out = out.normalize("NFKD").replace(/[\u0300-\u036f]/g, "");
    return out.replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "").slice(0, 50).replace(/-+$/, "");
  }
  var touched = slug.value !== "" && slug.value !== slugFrom(name.value);
  slug.addEventListener("input", function () { touched = slug.value !== ""; });
  name.addEventListener("input", function () { if (!touched) slug.value = slugFrom(name.value); });
  if (!slug.value) slug.value = slugFrom(name.value);
})();
