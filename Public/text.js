/* wallgen page texts: a classic script (works from file://), no dependencies, loaded before
   the page's other scripts. The build writes the page's texts in its language on the body's
   data-text (from the theme's Templates/i18n/<language>.json, keys starting with "script").
   wallgenText(key, fallback, values) returns one of them, or the English fallback when the
   page lacks it; a text with plural forms ({"one": ..., "other": ...}) picks the form for
   values.count in the page's language, and each {name} is replaced by values[name]. */
(function () {
  "use strict";
  var texts = {};
  try { texts = JSON.parse(document.body.getAttribute("data-text") || "{}") || {}; } catch (error) { texts = {}; }
  window.wallgenText = function (key, fallback, values) {
    var value = texts[key];
    if (value && typeof value === "object") {
      var category = "other";
      try { category = new Intl.PluralRules(document.documentElement.lang || "en").select(values.count); } catch (error) { category = "other"; }
      value = value[category] || value.other;
    }
    if (typeof value !== "string") value = fallback;
    return value.replace(/\{(\w+)\}/g, function (all, name) {
      return values && Object.prototype.hasOwnProperty.call(values, name) ? String(values[name]) : all;
    });
  };
})();
