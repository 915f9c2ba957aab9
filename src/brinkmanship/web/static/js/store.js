// "My games": the seats this browser holds, kept in localStorage, so that a
// player can close the tab and come back. A seat's token is its key to the
// game; it never leaves the browser except to our own server.

const KEY = "brink.games";

/** Every kept seat: [{id, game, side, token, created, note}], newest first. */
export function myGames() {
  try {
    const list = JSON.parse(localStorage.getItem(KEY) || "[]");
    return Array.isArray(list) ? list : [];
  } catch {
    return [];
  }
}

function save(list) {
  localStorage.setItem(KEY, JSON.stringify(list.slice(0, 200)));
}

/** Keep a seat (replacing the same game and side). */
export function keepSeat(seat) {
  const list = myGames().filter((g) => !(g.id === seat.id && g.side === seat.side));
  list.unshift({ created: new Date().toISOString(), ...seat });
  save(list);
}

export function forgetGame(id) {
  save(myGames().filter((g) => g.id !== id));
}

/** The kept seats of one game. */
export function seatsOf(id) {
  return myGames().filter((g) => g.id === id);
}
