// The app's pages for screen readers: every control named, every toggle's state said, the
// game's replies announced. Widgets are drawn after the page loads and redrawn as they change,
// so the names are given again whenever the page changes.
function nameControls() {
  for (const slider of document.querySelectorAll(".widget-slider")) {
    const handle = slider.querySelector(".noUi-handle");
    const name = slider.querySelector(".widget-label").textContent;
    if (handle && handle.getAttribute("aria-label") !== name) handle.setAttribute("aria-label", name);
  }
  for (const input of document.querySelectorAll("input[placeholder]:not([aria-label])")) {
    input.setAttribute("aria-label", input.placeholder);
  }
  for (const toggle of document.querySelectorAll(".widget-toggle-button")) {
    const pressed = String(toggle.classList.contains("mod-active"));
    if (toggle.getAttribute("aria-pressed") !== pressed) toggle.setAttribute("aria-pressed", pressed);
  }
  for (const reply of document.querySelectorAll(".t24-game-message:not([aria-live])")) {
    reply.setAttribute("aria-live", "polite");
  }
  for (const unnamed of document.querySelectorAll('[title="null"]')) unnamed.removeAttribute("title");
}
new MutationObserver(nameControls).observe(document.body, {
  subtree: true,
  childList: true,
  attributes: true,
  attributeFilter: ["class"],
});
