// Starts the page, once every part of the script is defined.
build();
fromAddress();
window.addEventListener("hashchange", fromAddress);
window.addEventListener("resize", () => { if (sections[currentTree - 1]) refit(sections[currentTree - 1]); });
