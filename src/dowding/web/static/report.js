// The "After-action report" button: once a game has ended, the server makes one HTML file of it as
// this seat (or a spectator) saw it (GET /api/games/{id}/report); the browser saves it as a file.
import { el, showError, clearError } from "./util.js";

export function reportButton(gameId, token) {
  const button = el("button", { type: "button", id: "report", title: "One HTML file to keep or share: the map at the end of each turn, the charts, the decisive rolls, from your seat's view" }, "After-action report");
  button.addEventListener("click", () => downloadReport(gameId, token, button));
  return button;
}

async function downloadReport(gameId, token, button) {
  button.disabled = true;
  const before = button.textContent;
  button.textContent = "Making the report…";
  try {
    const response = await fetch(`/api/games/${encodeURIComponent(gameId)}/report`, { headers: { Authorization: `Bearer ${token}` } });
    if (!response.ok) {
      let message = `The server answered ${response.status}.`;
      try { message = (await response.json()).error || message; } catch (err) { /* not JSON */ }
      showError(message);
      return;
    }
    const disposition = response.headers.get("Content-Disposition") || "";
    const named = /filename="([^"]+)"/.exec(disposition);
    const url = URL.createObjectURL(await response.blob());
    const link = el("a", { href: url, download: named ? named[1] : `dowding-${gameId}.html`, hidden: "" });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
    clearError();
  } catch (err) {
    showError("The report could not be fetched: is `dowding serve` still running?");
  } finally {
    button.disabled = false;
    button.textContent = before;
  }
}
