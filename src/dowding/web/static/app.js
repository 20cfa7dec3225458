// dowding in the browser: one page, three screens chosen by the address.
//   /                       the lobby and my games
//   /play/{game}#t={token}  a seat's table (the token stays in the fragment, never sent in the URL)
//   /replay/{game}#t={token} a game step by step from that seat's view
import { showLobby } from "./lobby.js";
import { TableScreen, ReplayScreen } from "./table.js";
import { tokenFromHash, clearError, rememberSeat, storedSeats } from "./util.js";

function route() {
  const main = document.getElementById("main");
  document.getElementById("error-close").addEventListener("click", clearError);
  const play = /^\/play\/([^/]+)\/?$/.exec(location.pathname);
  const replay = /^\/replay\/([^/]+)\/?$/.exec(location.pathname);
  if (play) {
    const gameId = decodeURIComponent(play[1]);
    const token = tokenFromHash();
    // an invited player's link: keep it in my games
    if (token && !storedSeats().some((s) => s.token === token)) rememberSeat({ game_id: gameId, seat: "?", token });
    document.title = "dowding: the table";
    new TableScreen(main, gameId, token).start();
  } else if (replay) {
    document.title = "dowding: replay";
    new ReplayScreen(main, decodeURIComponent(replay[1]), tokenFromHash()).start();
  } else {
    showLobby(main);
  }
}

window.addEventListener("hashchange", () => {
  if (location.pathname === "/" || location.pathname === "") showLobby(document.getElementById("main"));
});
route();
