/* wallgen lightbox: a classic script (works from file://), no dependencies.
   Photo links work without it; with it, they open in an overlay with keyboard
   navigation: Left/Right to move, Escape to close. Focus returns to the photo. */
(function () {
  "use strict";
  var links = Array.prototype.slice.call(document.querySelectorAll("a[data-lightbox]"));
  if (!links.length) return;

  var box = document.createElement("div");
  box.className = "lightbox";
  box.hidden = true;
  box.setAttribute("role", "dialog");
  box.setAttribute("aria-modal", "true");
  box.setAttribute("aria-label", "Photo viewer");
  box.innerHTML =
    '<p class="caption"></p>' +
    '<button type="button" class="prev" aria-label="Previous photo">&#8592;</button>' +
    '<button type="button" class="next" aria-label="Next photo">&#8594;</button>' +
    '<button type="button" class="close" aria-label="Close">&#215;</button>';
  document.body.appendChild(box);

  /* The viewer's <img> exists only while it is open, so it never counts as a broken image. */
  var image = null;
  var caption = box.querySelector(".caption");
  var closeButton = box.querySelector(".close");
  var current = -1;
  var opener = null;

  function show(index) {
    current = (index + links.length) % links.length;
    var link = links[current];
    var thumb = link.querySelector("img");
    if (!image) {
      image = document.createElement("img");
      box.insertBefore(image, caption);
    }
    image.src = link.getAttribute("href");
    image.alt = thumb ? thumb.alt : "";
    caption.textContent = image.alt + " (" + (current + 1) + " of " + links.length + ")";
  }

  function open(index) {
    opener = document.activeElement;
    show(index);
    box.hidden = false;
    document.body.classList.add("lightbox-open");
    closeButton.focus();
  }

  function close() {
    box.hidden = true;
    document.body.classList.remove("lightbox-open");
    if (image) {
      box.removeChild(image);
      image = null;
    }
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

  document.addEventListener("keydown", function (event) {
    if (box.hidden) return;
    if (event.key === "Escape") { event.preventDefault(); close(); }
    else if (event.key === "ArrowLeft") { event.preventDefault(); show(current - 1); }
    else if (event.key === "ArrowRight") { event.preventDefault(); show(current + 1); }
    else if (event.key === "Tab") {
      /* keep focus inside the dialog */
      var buttons = Array.prototype.slice.call(box.querySelectorAll("button"));
      var at = buttons.indexOf(document.activeElement);
      var next = event.shiftKey ? at - 1 : at + 1;
      event.preventDefault();
      buttons[(next + buttons.length) % buttons.length].focus();
    }
  });
})();
