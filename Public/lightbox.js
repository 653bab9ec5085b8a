/* wallgen photo viewer: a classic script (works from file://), no dependencies.
   Photo links work without it (they open the largest display size); with it, they open a
   dialog over an opaque backdrop: the photo, and beside it (below it on a phone) its uploader,
   date and comments. Left/Right, the buttons or a swipe walk every photo of the wall, not only
   this page's. A private wall's photos are in photos.js beside its pages (the element with
   data-photos names it), loaded as a script the first time the viewer opens. On a public site
   each photo's details are in a file of their own, written once for every wall that shows it
   (viewer/<xx>/<hex>.js below the folder data-photo-entries names), loaded by a script tag as
   the viewer shows the photo and its neighbours; there photos.js, when a wall has one, lists
   the objectIds of the wall's photos (a wall of more than one page) and the details of photos
   no wall's file holds. The address
   follows the viewer (#photo-<objectId>), so a photo's address opens it, on any page of its
   wall. Opening a photo from the page adds a history entry, so Back closes the viewer (and
   Forward opens it again), leaving the page where it was, as on a phone; walking from photo to
   photo replaces that entry instead of adding more. Escape closes, Tab stays in the dialog, and
   focus returns to the photo last viewed when this page shows it (else to what opened the
   viewer, else the page's first photo).
   The image lists every size of the photo (and the original where the site keeps it), so the
   browser loads the smallest one that is sharp at the size shown; a photo is never shown wider
   than its largest file. The labels come from the page, in its language (text.js). */
(function () {
  "use strict";
  var holder = document.querySelector("[data-photos], [data-photo-entries]");
  var links = Array.prototype.slice.call(document.querySelectorAll("a[data-lightbox]"));
  if (!links.length && !holder) return;

  /* The viewer's texts in the page's language (text.js), English when a text is missing. */
  function say(key, fallback, values) {
    return window.wallgenText ? window.wallgenText(key, fallback, values) : fallback;
  }
  var text = {
    dialog: say("photoViewer", "Photo viewer"), previous: say("previousPhoto", "Previous photo"),
    next: say("nextPhoto", "Next photo"), close: say("close", "Close"),
    original: say("viewOriginal", "View original"), comments: say("comments", "Comments"),
    loading: say("loadingPhotos", "Loading the wall\u2019s photos\u2026")
  };

  /* The photos the viewer walks: this page's links until the wall's data has loaded. */
  function sizesOf(link) {
    var thumb = link.querySelector("img");
    var list = (thumb && thumb.getAttribute("srcset") || "").split(",").map(function (candidate) {
      return candidate.trim();
    }).filter(Boolean);
    return list.join(", ");
  }
  var photos = links.map(function (link) {
    var thumb = link.querySelector("img");
    return {
      id: link.getAttribute("data-photo-id") || "",
      src: link.getAttribute("href"),
      srcset: sizesOf(link),
      width: thumb ? parseInt(thumb.getAttribute("width"), 10) : 0,
      height: thumb ? parseInt(thumb.getAttribute("height"), 10) : 0,
      alt: thumb ? thumb.alt : ""
    };
  });
  var onPage = {};
  photos.forEach(function (photo) { if (photo.id) onPage[photo.id] = photo; });
  var people = [];
  var state = "none"; /* "none", "loading", "loaded" or "failed" */
  var waiting = [];

  function loadWall(done) {
    if (state === "none" && !(holder && holder.getAttribute("data-photos"))) state = "loaded";
    if (state === "loaded" || state === "failed") { done(); return; }
    waiting.push(done);
    if (state === "loading") return;
    state = "loading";
    var script = document.createElement("script");
    script.src = holder.getAttribute("data-photos");
    script.onload = function () {
      var data = window.wallgenPhotos;
      if (data && data.entries) {
        /* A public wall's list: its photos' objectIds, and the details no file holds. */
        Object.keys(data.entries).forEach(function (id) { entries[id] = data.entries[id]; });
        if (data.ids && data.ids.length) {
          photos = data.ids.map(function (id) { return onPage[id] || { id: id }; });
        }
        state = "loaded";
      } else if (data && data.photos && data.photos.length) {
        photos = data.photos;
        people = data.people || [];
        state = "loaded";
      } else {
        state = "failed";
      }
      finish();
    };
    script.onerror = function () { state = "failed"; finish(); };
    document.head.appendChild(script);
    function finish() {
      var callbacks = waiting;
      waiting = [];
      callbacks.forEach(function (callback) { callback(); });
    }
  }

  /* A public site's photo details, one file per photo, which calls wallgenPhoto when it loads;
     by objectId. */
  var entriesRoot = holder && holder.getAttribute("data-photo-entries");
  var entries = {};
  var entryWaiting = {}; /* objectId: the callbacks waiting for its file, or "failed" */
  window.wallgenPhoto = function (entry) {
    if (entry && typeof entry.id === "string") entries[entry.id] = entry;
  };

  /* The path of a photo's file below entriesRoot, as WallPageModel.viewerEntryPath makes it:
     the objectId's UTF-8 bytes in hex (a "/" after every 64 bytes), in a folder named by the
     low byte of their 32-bit FNV-1a hash. */
  function entryPath(id) {
    var bytes = new TextEncoder().encode(id), hash = 0x811c9dc5, name = "";
    for (var i = 0; i < bytes.length; i++) {
      hash = Math.imul(hash ^ bytes[i], 0x01000193) >>> 0;
      if (i > 0 && i % 64 === 0) name += "/";
      name += (bytes[i] < 16 ? "0" : "") + bytes[i].toString(16);
    }
    return ("0" + (hash & 255).toString(16)).slice(-2) + "/" + name + ".js";
  }

  /* Whether the viewer has `photo`'s details (uploader, date, comments), taking them from its
     file's entry once that has loaded. */
  function complete(photo) {
    var entry = photo && entries[photo.id];
    if (entry && !photo.time) {
      Object.keys(entry).forEach(function (key) { photo[key] = entry[key]; });
    }
    return !!(photo && photo.time);
  }

  /* Loads the file of `photo`'s details unless they are in, then calls `done` (if given). */
  function loadEntry(photo, done) {
    var id = photo && photo.id;
    if (!id || complete(photo) || !entriesRoot || entryWaiting[id] === "failed") {
      if (done) done();
      return;
    }
    if (entryWaiting[id]) { if (done) entryWaiting[id].push(done); return; }
    entryWaiting[id] = done ? [done] : [];
    var script = document.createElement("script");
    script.src = entriesRoot + entryPath(id);
    script.onload = script.onerror = function () {
      var callbacks = entryWaiting[id];
      entryWaiting[id] = entries[id] ? undefined : "failed";
      script.parentNode.removeChild(script);
      callbacks.forEach(function (callback) { callback(); });
    };
    document.head.appendChild(script);
  }

  /* A person the data names: by number in a private wall's list, or in place. */
  function person(by) {
    return typeof by === "number" ? people[by] : by || null;
  }

  function indexOf(id) {
    for (var i = 0; i < photos.length; i++) if (photos[i].id === id) return i;
    return -1;
  }

  function element(tag, className, content) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (content) node.textContent = content;
    return node;
  }

  var box = element("div", "lightbox");
  box.hidden = true;
  box.setAttribute("role", "dialog");
  box.setAttribute("aria-modal", "true");
  box.setAttribute("aria-label", text.dialog);
  var stage = element("div", "stage");
  var previous = element("button", "prev", "\u2190");
  var next = element("button", "next", "\u2192");
  var closeButton = element("button", "close", "\u00d7");
  [[previous, text.previous], [next, text.next], [closeButton, text.close]].forEach(function (pair) {
    pair[0].type = "button";
    pair[0].setAttribute("aria-label", pair[1]);
  });
  stage.appendChild(previous);
  stage.appendChild(next);
  var details = element("div", "details");
  var byline = element("div", "who");
  var counter = element("p", "counter");
  var original = element("a", "original", text.original);
  var more = element("p", "comments-more");
  var comments = element("ol", "comments");
  comments.setAttribute("aria-label", text.comments);
  [byline, counter, original, more, comments].forEach(function (node) { details.appendChild(node); });
  box.appendChild(stage);
  box.appendChild(details);
  box.appendChild(closeButton);
  document.body.appendChild(box);

  /* The viewer's <img> exists only while it is open, so it never counts as a broken image. */
  var image = null;
  var current = -1;
  var opener = null;

  /* Every size of a photo as [url, width], narrowest first. */
  function sizes(photo) {
    var list = [];
    (photo.srcset || "").split(",").forEach(function (candidate) {
      var parts = candidate.trim().split(/\s+/);
      var width = parseInt(parts[1], 10);
      if (parts[0] && width > 0) list.push([parts[0], width]);
    });
    if (photo.original && photo.originalWidth > 0) list.push([photo.original, photo.originalWidth]);
    list.sort(function (a, b) { return a[1] - b[1]; });
    return list;
  }

  /* Sizes the image to fill the stage without cropping, and no wider than its largest file. On
     a narrow screen, where the details follow the photo, the stage is as tall as the photo shown
     (at most 70 % of the window), so the details start right below it. */
  function fit() {
    if (!image || current < 0) return;
    var photo = photos[current];
    var list = sizes(photo);
    var largest = list.length ? list[list.length - 1][1] : 0;
    var ratio = photo.width > 0 && photo.height > 0 ? photo.width / photo.height : 1;
    var stacked = getComputedStyle(box).display === "block";
    var height = stacked ? Math.floor(window.innerHeight * 0.7) : stage.clientHeight;
    var width = Math.min(stage.clientWidth, height * ratio, largest || stage.clientWidth);
    width = Math.max(1, Math.floor(width));
    image.style.width = width + "px";
    image.style.height = Math.floor(width / ratio) + "px";
    image.sizes = width + "px";
    stage.style.height = stacked ? Math.floor(width / ratio) + "px" : "";
  }

  /* A person's name, linked to their wall when the site links it. */
  function name(person) {
    if (person && person.href) {
      var link = element("a", "name", person.name);
      link.href = person.href;
      return link;
    }
    return element("span", "name", person ? person.name : "");
  }

  function avatar(person, className, size) {
    var picture = element("img", className);
    picture.alt = "";
    picture.width = size;
    picture.height = size;
    if (person && person.avatar && person.avatar.small) picture.src = person.avatar.small;
    return picture;
  }

  function time(value) {
    var node = element("time", "", value ? value.text : "");
    if (value) {
      node.setAttribute("datetime", value.iso);
      node.title = value.long;
    }
    return node;
  }

  function describe(photo) {
    byline.textContent = "";
    comments.textContent = "";
    var uploader = person(photo.by);
    if (photo.time) {
      byline.appendChild(avatar(uploader, "avatar", 40));
      var line = element("p", "byline");
      line.appendChild(name(uploader));
      line.appendChild(time(photo.time));
      byline.appendChild(line);
    } else if (state === "loading" || (photo.id && entryWaiting[photo.id])) {
      byline.appendChild(element("p", "loading", text.loading));
    }
    more.hidden = !photo.more;
    more.textContent = photo.more || "";
    (photo.comments || []).forEach(function (comment) {
      var author = person(comment.by);
      var item = element("li", "comment");
      item.appendChild(avatar(author, "avatar avatar-small", 32));
      var body = element("div", "comment-body");
      var paragraph = element("p");
      paragraph.appendChild(name(author));
      paragraph.appendChild(document.createTextNode(" "));
      paragraph.appendChild(element("span", "text", comment.text));
      body.appendChild(paragraph);
      body.appendChild(time(comment.time));
      item.appendChild(body);
      comments.appendChild(item);
    });
    comments.hidden = !(photo.comments && photo.comments.length);
  }

  function show(index) {
    current = (index + photos.length) % photos.length;
    var photo = photos[current];
    var hadDetails = complete(photo);
    if (image) stage.removeChild(image);
    image = null;
    counter.textContent = say("photoPosition", "{position} of {count}",
      { position: current + 1, count: photos.length });
    previous.hidden = next.hidden = photos.length < 2;
    if (photo.src) {
      /* A new element per photo, so the last photo never shows while the next one loads. */
      image = document.createElement("img");
      stage.insertBefore(image, previous);
      fit();
      var list = sizes(photo);
      if (list.length) {
        image.srcset = list.map(function (size) { return size[0] + " " + size[1] + "w"; }).join(", ");
      }
      image.src = photo.src;
      image.alt = photo.alt || "";
    }
    original.hidden = !photo.original;
    if (photo.original) original.href = photo.original; else original.removeAttribute("href");
    describe(photo);
    details.scrollTop = 0;
    if (photo.id && history.replaceState) {
      history.replaceState(history.state, "", "#photo-" + encodeURIComponent(photo.id));
    }
    /* Its details, and its neighbours' (the next step is then ready). Once in, they may name
       more sizes (the original) than the page's link did: the photo is shown again with them. */
    var shown = current;
    loadEntry(photo, function () {
      if (!hadDetails && !box.hidden && current === shown && complete(photo)) show(shown);
    });
    loadEntry(photos[(current + 1) % photos.length]);
    loadEntry(photos[(current + photos.length - 1) % photos.length]);
  }

  function focusable() {
    return Array.prototype.slice.call(box.querySelectorAll("button, a[href]")).filter(function (node) {
      return !node.hidden && node.offsetParent !== null;
    });
  }

  /* Where the page was scrolled when the viewer opened: closing puts it back there. */
  var scrolledTo = null;

  /* Opens the viewer on the photo `id` (or this page's link `position`), once the wall is in. */
  function open(id, position) {
    var active = document.activeElement;
    opener = active && active !== document.body ? active : null;
    scrolledTo = [window.pageXOffset, window.pageYOffset];
    box.hidden = false;
    document.body.classList.add("lightbox-open");
    if (current < 0 && position >= 0) show(position);
    else if (current < 0) counter.textContent = text.loading;
    closeButton.focus();
    loadWall(function () {
      if (box.hidden) return;
      var found = indexOf(id);
      if (found >= 0) show(found);
      else if (current >= 0) show(current);
      else if (photos.length) show(0);
      else close();
    });
  }

  /* Whether the current history entry is one the viewer added (a photo opened from the page):
     leaving it is going Back. It survives a reload and comes back with Forward. */
  function ownEntry() {
    return !!(history.state && history.state.wallgenViewer);
  }

  /* Closes the viewer as the user asks (Escape, the close button): by going Back when it added
     the history entry, so that Forward opens it again and no stale entry is left; else by taking
     the photo out of the address. */
  function close() {
    if (ownEntry() && history.back) {
      revealing = true;
      history.back(); /* popstate hides the viewer */
      /* In case no step back happens (a browser that refuses it), hide it anyway. */
      setTimeout(function () {
        if (!box.hidden && ownEntry()) hide(false);
      }, 500);
      return;
    }
    revealing = true;
    hide(false);
    if (history.replaceState) {
      history.replaceState(history.state, "", location.pathname + location.search);
    }
  }

  /* Whether hiding the viewer scrolls to the photo last viewed when it is out of view: when the
     user closes it (Escape, the close button), not when they go Back, which returns to the place
     they left. */
  var revealing = false;

  /* Hides the viewer and puts the page back where it was, focus on the photo last viewed. After
     a history step (`traversed`), the browser puts back the scroll of the entry it returns to
     once the popstate event is handled: scrolling to the photo waits until then. */
  function hide(traversed) {
    var reveals = revealing;
    revealing = false;
    var photo = photos[current];
    box.hidden = true;
    document.body.classList.remove("lightbox-open");
    if (image) {
      stage.removeChild(image);
      image = null;
    }
    current = -1;
    if (scrolledTo) window.scrollTo(scrolledTo[0], scrolledTo[1]);
    scrolledTo = null;
    var target = null;
    links.forEach(function (link) {
      if (!target && photo && link.getAttribute("data-photo-id") === photo.id) target = link;
    });
    target = target || (opener && document.contains(opener) ? opener : null) || links[0];
    if (!target || !target.focus) return;
    target.focus({ preventScroll: true });
    if (!reveals) return;
    if (traversed) setTimeout(function () { reveal(target); }, 0);
    else reveal(target);
  }

  /* Scrolls `node` into view when none of it is in view. */
  function reveal(node) {
    var rect = node.getBoundingClientRect();
    if (rect.bottom <= 0 || rect.top >= window.innerHeight) node.scrollIntoView({ block: "center" });
  }

  links.forEach(function (link, position) {
    link.addEventListener("click", function (event) {
      if (event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return;
      event.preventDefault();
      var id = link.getAttribute("data-photo-id");
      /* A history entry for the open viewer, so that Back closes it. */
      if (id && box.hidden && history.pushState) {
        history.pushState({ wallgenViewer: true }, "", "#photo-" + encodeURIComponent(id));
      }
      open(id, position);
    });
  });

  previous.addEventListener("click", function () { show(current - 1); });
  next.addEventListener("click", function () { show(current + 1); });
  closeButton.addEventListener("click", close);
  window.addEventListener("resize", fit);

  /* Swipe: a touch or pen that moves mostly sideways by 50 px or more over the photo. */
  var start = null;
  stage.addEventListener("pointerdown", function (event) {
    if (event.pointerType === "mouse") return;
    start = { x: event.clientX, y: event.clientY, id: event.pointerId };
  });
  stage.addEventListener("pointerup", function (event) {
    if (!start || event.pointerId !== start.id) return;
    var dx = event.clientX - start.x, dy = event.clientY - start.y;
    start = null;
    if (Math.abs(dx) >= 50 && Math.abs(dx) > 1.5 * Math.abs(dy)) show(current + (dx < 0 ? 1 : -1));
  });
  stage.addEventListener("pointercancel", function () { start = null; });

  document.addEventListener("keydown", function (event) {
    if (box.hidden) return;
    if (event.key === "Escape") { event.preventDefault(); close(); }
    else if (event.key === "ArrowLeft") { event.preventDefault(); show(current - 1); }
    else if (event.key === "ArrowRight") { event.preventDefault(); show(current + 1); }
    else if (event.key === "Tab") {
      /* keep focus inside the dialog */
      var targets = focusable();
      var at = targets.indexOf(document.activeElement);
      var step = event.shiftKey ? at - 1 : at + 1;
      event.preventDefault();
      targets[(step + targets.length) % targets.length].focus();
    }
  });

  /* The address decides: one naming a photo (#photo-<objectId>) opens it, on load, when it
     changes and when Back or Forward returns to it; one naming none closes the viewer (Back). */
  function followAddress() {
    var match = /^#photo-(.+)$/.exec(location.hash);
    if (!match) {
      if (!box.hidden) hide(true);
      return;
    }
    var id;
    try { id = decodeURIComponent(match[1]); } catch (error) { return; }
    if (!box.hidden && photos[current] && photos[current].id === id) return;
    var position = -1;
    links.forEach(function (link, at) {
      if (position < 0 && link.getAttribute("data-photo-id") === id) position = at;
    });
    if (!box.hidden) {
      loadWall(function () { var found = indexOf(id); if (found >= 0) show(found); });
      return;
    }
    open(id, position);
  }
  window.addEventListener("popstate", followAddress);
  window.addEventListener("hashchange", followAddress);
  followAddress();
})();
