// The play page's loader: imports only the module of the game the address names
// (play.html?game=dots-and-boxes&...), which reads the rest of the address and mounts the game.
// The games and their titles come from games.json, the registry (`gamelab games --json`).
const stage = document.querySelector("[data-gamelab-play]");
const say = (text, list = []) => {
  const note = document.createElement("p");
  note.setAttribute("role", "alert");
  note.textContent = text;
  stage.replaceChildren(note, ...list);
};
// The game's own module; where the site is kept offline (ui/offline.rs) and only the gallery's
// module (every game) was kept, that one.
async function start(name) {
  let module;
  try {
    module = await import(`./games/${name}.js`);
  } catch (error) {
    if (!navigator.serviceWorker?.controller) throw error;
    try {
      module = await import("./gamelab.js");
    } catch {
      throw error;
    }
  }
  await module.default();
}
let games = null;
try {
  games = await (await fetch("./games.json")).json();
} catch (error) {
  say(`The list of games could not be read (${error && error.message || error}).`);
}
// In a course page's frame the game keeps to its best width (play.html's styles).
if (window.top !== window.self) document.body.setAttribute("data-framed", "");
const query = new URLSearchParams(location.search);
const game = query.get("game");
const entry = games && games.find((g) => g.name === game);
if (entry) {
  const title = (entry.view_titles || {})[query.get("view")] || entry.title;
  document.title = `${title} (gamelab)`;
  try {
    await start(entry.name);
    stage.querySelector("[data-gamelab-loading]")?.remove();
  } catch (error) {
    // A game that cannot start says so, rather than leaving an empty frame.
    say(`${title} could not start here (${error && error.message || error}). `
      + "It needs a browser with JavaScript modules and WebAssembly; if this page is inside "
      + "another one, opening it in a new tab may help.");
  }
} else if (games) {
  // No such game: say so, and offer them all.
  const list = document.createElement("ul");
  for (const { name, title } of games) {
    const item = list.appendChild(document.createElement("li"));
    const link = item.appendChild(document.createElement("a"));
    link.href = `?game=${name}`;
    link.textContent = title;
  }
  say(game === null
    ? "This address names no game. Choose one:"
    : `"${game}" is no gamelab game. Choose one:`, [list]);
}
