// The Spanish word's fall, on the students' page and on the projector: a CSS
// animation (wordgame.css, `.falling`) that lasts the pair's whole time, set
// where the pair is now. The server is the clock (Protocol.md §7): a ROUND's
// `ms` is the time left when its line arrived, the whole time for a pair
// that opens, less for a page that arrives in the middle of one (a
// refreshed projector, a student back after a crash). Started from the top
// over what is left, the word would say there is all the time in the world
// where there is a second; set where the pair is, it says how little is left.
// With reduced motion the word stays put and a bar shrinks instead.

/**
 * Starts `elements` falling: `left` ms of the pair's `total` remained when its line arrived, at `receivedAt`
 * (performance.now()). Returns the ms left now.
 */
export function startFall(elements, left, total, receivedAt) {
  const elapsed = performance.now() - receivedAt;
  const whole = Math.max(left, total || 0);
  for (const element of elements) {
    element.classList.remove('falling', 'paused');
    void element.offsetWidth; // restart the animation
    element.style.animationDuration = `${whole}ms`;
    element.style.animationDelay = `${-(whole - left + elapsed)}ms`;
    element.classList.add('falling');
  }
  return Math.max(0, left - elapsed);
}

/** The word stops where it is (an answer is on its way; the pair's time still runs). */
export function pauseFall(elements) {
  for (const element of elements) element.classList.add('paused');
}

export function stopFall(elements) {
  for (const element of elements) element.classList.remove('falling', 'paused');
}
