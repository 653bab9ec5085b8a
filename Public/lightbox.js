/* wallgen lightbox: a classic script (works from file://), no dependencies.
   Photo links work without it (they open the largest display size); with it, they open in an
   overlay that fills the window. The overlay's image lists every size of the photo (the card
   image's srcset, and the original when the site keeps it: the link's data-original and
   data-original-width), so the browser loads the smallest one that is sharp at the size shown;
   a photo is never shown wider than its largest file. Left/Right or a swipe moves between
   photos, Escape closes, Tab stays in the dialog, focus returns to the photo. "View original"
   links the original where it is kept. */
(function () {
  "use strict";
  var links = Array.prototype.slice.call(document.querySelectorAll("a[data-lightbox]"));
  if (!links.length) return;

  /* The page's texts in its language (the body's data-text, written by the build from the
     theme's Templates/i18n/<language>.json); English when a text is missing. A text with plural
     forms picks one by the page's language ({"one": ..., "other": ...}); {name} is replaced. */
  var texts = {};
  try { texts = JSON.parse(document.body.getAttribute("data-text") || "{}") || {}; } catch (error) { texts = {}; }
  function text(key, fallback, values) {
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
  }

  var box = document.createElement("div");
  box.className = "lightbox";
  box.hidden = true;
  box.setAttribute("role", "dialog");
  box.setAttribute("aria-modal", "true");
  box.setAttribute("aria-label", text("photoViewer", "Photo viewer"));
  box.innerHTML =
    '<p class="caption"></p>' +
    '<a class="original" hidden></a>' +
    '<button type="button" class="prev">&#8592;</button>' +
    '<button type="button" class="next">&#8594;</button>' +
    '<button type="button" class="close">&#215;</button>';
  box.querySelector(".original").textContent = text("viewOriginal", "View original");
  box.querySelector(".prev").setAttribute("aria-label", text("previousPhoto", "Previous photo"));
  box.querySelector(".next").setAttribute("aria-label", text("nextPhoto", "Next photo"));
  box.querySelector(".close").setAttribute("aria-label", text("close", "Close"));
  document.body.appendChild(box);

  /* The viewer's <img> exists only while it is open, so it never counts as a broken image. */
  var image = null;
  var caption = box.querySelector(".caption");
  var original = box.querySelector(".original");
  var closeButton = box.querySelector(".close");
  var current = -1;
  var opener = null;

  /* Every size of a photo as [url, width], narrowest first. */
  function sizes(link) {
    var thumb = link.querySelector("img");
    var list = [];
    (thumb && thumb.getAttribute("srcset") || "").split(",").forEach(function (candidate) {
      var parts = candidate.trim().split(/\s+/);
      var width = parseInt(parts[1], 10);
      if (parts[0] && width > 0) list.push([parts[0], width]);
    });
    var originalWidth = parseInt(link.getAttribute("data-original-width"), 10);
    if (link.getAttribute("data-original") && originalWidth > 0) {
      list.push([link.getAttribute("data-original"), originalWidth]);
    }
    list.sort(function (a, b) { return a[1] - b[1]; });
    return list;
  }

  /* Sizes the image to fill the window without cropping, and no wider than its largest file. */
  function fit() {
    if (!image || current < 0) return;
    var link = links[current];
    var thumb = link.querySelector("img");
    var list = sizes(link);
    var largest = list.length ? list[list.length - 1][1] : 0;
    var w = thumb ? parseInt(thumb.getAttribute("width"), 10) : 0;
    var h = thumb ? parseInt(thumb.getAttribute("height"), 10) : 0;
    var ratio = w > 0 && h > 0 ? w / h : 1;
    var width = Math.min(box.clientWidth, box.clientHeight * ratio, largest || box.clientWidth);
    width = Math.max(1, Math.floor(width));
    image.style.width = width + "px";
    image.style.height = Math.floor(width / ratio) + "px";
    image.sizes = width + "px";
  }

  function show(index) {
    current = (index + links.length) % links.length;
    var link = links[current];
    var thumb = link.querySelector("img");
    if (image) box.removeChild(image);
    /* A new element per photo, so the last photo never shows while the next one loads. */
    image = document.createElement("img");
    box.insertBefore(image, caption);
    var list = sizes(link);
    fit();
    if (list.length) {
      image.srcset = list.map(function (size) { return size[0] + " " + size[1] + "w"; }).join(", ");
    }
    image.src = link.getAttribute("href");
    image.alt = thumb ? thumb.alt : "";
    caption.textContent = text("photoPosition", "{alt} ({position} of {count})",
      { alt: image.alt, position: current + 1, count: links.length });
    var source = link.getAttribute("data-original");
    original.hidden = !source;
    if (source) original.href = source; else original.removeAttribute("href");
  }

  function focusable() {
    return Array.prototype.slice.call(box.querySelectorAll("button, a[href]")).filter(function (node) {
      return !node.hidden;
    });
  }

  function open(index) {
    opener = document.activeElement;
    box.hidden = false;
    document.body.classList.add("lightbox-open");
    show(index);
    closeButton.focus();
  }

  function close() {
    box.hidden = true;
    document.body.classList.remove("lightbox-open");
    if (image) {
      box.removeChild(image);
      image = null;
    }
    current = -1;
    if (opener && opener.focus) opener.focus();
  }

  links.forEach(function (link, index) {
    link.addEventListener("click", function (event) {
      if (event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return;
      event.preventDefault();
      open(index);
    });
  });

  box.querySelector(".prev").addEventListener("click", function () { show(current - 1); });
  box.querySelector(".next").addEventListener("click", function () { show(current + 1); });
  closeButton.addEventListener("click", close);
  box.addEventListener("click", function (event) { if (event.target === box) close(); });
  window.addEventListener("resize", fit);

  /* Swipe: a touch or pen that moves mostly sideways by 50 px or more. */
  var start = null;
  box.addEventListener("pointerdown", function (event) {
    if (event.pointerType === "mouse") return;
    start = { x: event.clientX, y: event.clientY, id: event.pointerId };
  });
  box.addEventListener("pointerup", function (event) {
    if (!start || event.pointerId !== start.id) return;
    var dx = event.clientX - start.x, dy = event.clientY - start.y;
    start = null;
    if (Math.abs(dx) >= 50 && Math.abs(dx) > 1.5 * Math.abs(dy)) show(current + (dx < 0 ? 1 : -1));
  });
  box.addEventListener("pointercancel", function () { start = null; });

  document.addEventListener("keydown", function (event) {
    if (box.hidden) return;
    if (event.key === "Escape") { event.preventDefault(); close(); }
    else if (event.key === "ArrowLeft") { event.preventDefault(); show(current - 1); }
    else if (event.key === "ArrowRight") { event.preventDefault(); show(current + 1); }
    else if (event.key === "Tab") {
      /* keep focus inside the dialog */
      var targets = focusable();
      var at = targets.indexOf(document.activeElement);
      var next = event.shiftKey ? at - 1 : at + 1;
      event.preventDefault();
      targets[(next + targets.length) % targets.length].focus();
    }
  });
})();
