// The play page's loader: imports only the module of the game the address names
// (play.html?game=dots-and-boxes&...), which reads the rest of the address and mounts the game.
const games = {
  "ade": "ADE Concurrent Game",
  "sprouts": "Glop, Sprouts analysis",
  "bazaar": "Bazaar",
  "chain-reaction": "Chain Reaction",
  "dots-and-boxes": "Dots and Boxes",
};
const game = new URLSearchParams(location.search).get("game");
const stage = document.querySelector("[data-gamelab-play]");
if (Object.hasOwn(games, game)) {
  document.title = `${games[game]} (gamelab)`;
  try {
    const { default: init } = await import(`./games/${game}.js`);
    await init();
    stage.querySelector("[data-gamelab-loading]")?.remove();
  } catch (error) {
    // A game that cannot start says so, rather than leaving an empty frame.
    const note = document.createElement("p");
    note.setAttribute("role", "alert");
    note.textContent = `${games[game]} could not start here (${error && error.message || error}). `
      + "It needs a browser with JavaScript modules and WebAssembly; if this page is inside "
      + "another one, opening it in a new tab may help.";
    stage.replaceChildren(note);
  }
} else {
  // No such game: say so, and offer the five.
  const note = document.createElement("p");
  note.setAttribute("role", "alert");
  note.textContent = game === null
    ? "This address names no game. Choose one:"
    : `"${game}" is no gamelab game. Choose one:`;
  const list = document.createElement("ul");
  for (const [name, title] of Object.entries(games)) {
    const item = list.appendChild(document.createElement("li"));
    const link = item.appendChild(document.createElement("a"));
    link.href = `?game=${name}`;
    link.textContent = title;
  }
  stage.replaceChildren(note, list);
}
