/// The overlay that shows the last build's problems on a served page (Vite and Hugo show
/// theirs the same way): a banner over the bottom of the page, announced to screen readers
/// (`role="alert"`), with a "Dismiss" button (and Esc) that hides it until the report changes.
///
/// Part of the live-reload script, so it exists only in served pages, never in the built files.
/// The report's text goes in with `textContent` only: nothing from the export becomes markup.
enum ProblemOverlay {
  /// The element's id, which tests look for.
  static let elementID = "wallgen-problems"

  /// JavaScript defining `show(report)`: shows the report (`PreviewReport.json`), or removes
  /// the overlay when the report is clean; a report dismissed in this tab stays hidden.
  static let script = """
    var shown=null,K="wallgen-dismissed",E="\(elementID)";\
    function hide(){var o=document.getElementById(E);if(o){o.parentNode.removeChild(o)}shown=null}\
    function dismissed(id){try{return sessionStorage.getItem(K)===id}catch(e){return false}}\
    function dismiss(){try{sessionStorage.setItem(K,shown)}catch(e){}hide()}\
    function el(t,s,x){var n=document.createElement(t);n.setAttribute("style",s);\
    if(x!==undefined){n.textContent=x}return n}\
    function show(p){if(!p||!p.id){hide();return}if(p.id===shown){return}hide();\
    if(dismissed(p.id)){return}shown=p.id;\
    var o=el("section","position:fixed;left:0;right:0;bottom:0;z-index:2147483647;\
    max-height:60vh;overflow:auto;box-sizing:border-box;margin:0;padding:12px 16px;\
    background:#fff;color:#1c1e21;border-top:4px solid #b3261e;\
    box-shadow:0 -4px 16px rgba(0,0,0,.3);font:15px/1.4 system-ui,sans-serif;text-align:left");\
    o.id=E;o.setAttribute("role","alert");o.setAttribute("aria-labelledby",E+"-title");\
    var top=el("div","display:flex;align-items:center;justify-content:space-between;gap:8px");\
    var h=el("h2","margin:0;font:600 17px/1.3 system-ui,sans-serif;color:#b3261e",\
    "wallgen: "+p.title);h.id=E+"-title";\
    var b=el("button","min-width:44px;min-height:44px;padding:0 14px;font:inherit;\
    background:#f0f2f5;color:#1c1e21;border:1px solid #65676b;border-radius:6px;\
    cursor:pointer","Dismiss");b.type="button";b.onclick=dismiss;\
    var t=el("pre","margin:8px 0 0;white-space:pre-wrap;overflow-wrap:anywhere;\
    font:13px/1.45 ui-monospace,monospace;color:#1c1e21;background:none",p.lines.join("\\n"));\
    var n=el("p","margin:8px 0 0;font-size:13px;color:#444950",\
    "This goes away after a clean rebuild. Esc or Dismiss hides it until the problems change.");\
    top.appendChild(h);top.appendChild(b);o.appendChild(top);o.appendChild(t);o.appendChild(n);\
    (document.body||document.documentElement).appendChild(o)}\
    document.addEventListener("keydown",function(e){if(e.key==="Escape"&&shown){dismiss()}});
    """
}
