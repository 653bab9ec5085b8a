/* wallgen index search: a classic script (works from file://), no dependencies.
   Without it the index is a plain list of everyone, cut into linked pages. With it, the search
   box appears and filters people as you type: on a one-page index it hides the people that do
   not match; on an index of several pages it loads the list of everyone (the form's
   data-people, a script written by the build) and shows the matches from every page. A name
   matches when it contains each word typed, ignoring case and accents. */
(function () {
  "use strict";
  var form = document.querySelector("form.search");
  var list = document.querySelector(".wall-list");
  if (!form || !list) return;
  var input = form.querySelector("input");
  var status = form.querySelector(".search-status");
  var pagination = document.querySelector(".pagination");
  var items = Array.prototype.slice.call(list.children);
  var peopleSource = form.getAttribute("data-people");
  var everyone = null; /* [name, href, count, avatar, cover] per person, once loaded */
  var loading = false;
  var results = null;
  var shownLimit = 100;

  /* The page's texts in its language (text.js). */
  function text(key, fallback, values) {
    return window.wallgenText ? window.wallgenText(key, fallback, values) : fallback;
  }

  function fold(text) {
    return text.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase();
  }

  function matcher(query) {
    var words = fold(query).split(/\s+/).filter(Boolean);
    return function (name) {
      var folded = fold(name);
      return words.every(function (word) { return folded.indexOf(word) >= 0; });
    };
  }

  function found(count) {
    return text("peopleFound", count === 1 ? "{count} person found" : "{count} people found", { count: count });
  }
  var noOne = text("noOneFound", "No one found");

  function say(text) { status.textContent = text; }

  function filterPage(query) {
    var matches = matcher(query);
    var shown = 0;
    items.forEach(function (item) {
      var name = item.querySelector(".name");
      var visible = !query || matches(name ? name.textContent : "");
      item.hidden = !visible;
      if (visible) shown += 1;
    });
    say(query ? (shown ? found(shown) : noOne) : "");
  }

  function element(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text) node.textContent = text;
    return node;
  }

  function image(src, size) {
    var node = document.createElement("img");
    node.src = src;
    node.alt = "";
    node.loading = "lazy";
    node.decoding = "async";
    if (size) { node.width = size; node.height = size; }
    return node;
  }

  function card(person) {
    var item = element("li");
    var link = element("a");
    link.href = person[1];
    var cover = element("span", "cover");
    if (person[4]) {
      cover.appendChild(image(person[4]));
    } else {
      var big = image(person[3], 96);
      big.className = "avatar";
      cover.appendChild(big);
    }
    var who = element("span", "who");
    var avatar = image(person[3], 40);
    avatar.className = "avatar";
    who.appendChild(avatar);
    who.appendChild(element("span", "name", person[0]));
    who.appendChild(element("span", "count",
      text("photoCount", person[2] === 1 ? "{count} photo on the wall" : "{count} photos on the wall", { count: person[2] })));
    link.appendChild(cover);
    link.appendChild(who);
    item.appendChild(link);
    return item;
  }

  function filterEveryone(query) {
    if (!query) {
      if (results) { results.parentNode.removeChild(results); results = null; }
      list.hidden = false;
      if (pagination) pagination.hidden = false;
      say("");
      return;
    }
    var matches = matcher(query);
    var matching = everyone.filter(function (person) { return matches(person[0]); });
    if (!results) {
      results = element("ul", "wall-list search-results");
      list.parentNode.insertBefore(results, list);
    }
    results.textContent = "";
    matching.slice(0, shownLimit).forEach(function (person) { results.appendChild(card(person)); });
    list.hidden = true;
    if (pagination) pagination.hidden = true;
    if (!matching.length) say(noOne);
    else if (matching.length > shownLimit) {
      say(text("firstShown", "{found}; the first {shown} are shown",
        { found: found(matching.length), shown: shownLimit }));
    }
    else say(found(matching.length));
  }

  function update() {
    var query = input.value.trim();
    if (!peopleSource) { filterPage(query); return; }
    if (everyone) { filterEveryone(query); return; }
    /* Until everyone is loaded, filter this page. */
    filterPage(query);
    if (loading) return;
    loading = true;
    var script = document.createElement("script");
    script.src = peopleSource;
    script.onload = function () {
      everyone = Array.isArray(window.wallgenPeople) ? window.wallgenPeople : [];
      items.forEach(function (item) { item.hidden = false; });
      update();
    };
    script.onerror = function () { peopleSource = null; update(); };
    document.head.appendChild(script);
  }

  form.hidden = false;
  form.addEventListener("submit", function (event) { event.preventDefault(); });
  input.addEventListener("input", update);
  input.addEventListener("focus", function () { if (peopleSource && !everyone) update(); });
  if (input.value) update();
})();
