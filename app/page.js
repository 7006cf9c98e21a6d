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

// A class round knows a student by an id this browser keeps (localStorage), sent to the page's
// kernel through a hidden box, so a reload is the same student; the name typed is kept too.
function newId() {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
}
function send(input, value) {
  input.value = value;
  input.dispatchEvent(new Event("input", { bubbles: true }));
  input.dispatchEvent(new Event("change", { bubbles: true }));
}
function keepStudent() {
  const id = document.querySelector(".t24-round-student input:not([data-sent])");
  if (id) {
    if (!localStorage.getItem("t24-student")) localStorage.setItem("t24-student", newId());
    id.dataset.sent = "yes";
    send(id, localStorage.getItem("t24-student"));
  }
  const name = document.querySelector(".t24-round-name input:not([data-sent])");
  if (name) {
    name.dataset.sent = "yes";
    if (localStorage.getItem("t24-name") && !name.value) send(name, localStorage.getItem("t24-name"));
    name.addEventListener("input", () => localStorage.setItem("t24-name", name.value));
  }
}
new MutationObserver(keepStudent).observe(document.body, { subtree: true, childList: true });
