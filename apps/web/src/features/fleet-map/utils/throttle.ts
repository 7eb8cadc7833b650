/**
 * Runs `run` at most once per `ms`: at once when it has not run for that long, else once at the
 * end of the wait, however many calls came meanwhile. Live events may come many times a second;
 * the map asks the server again at most every `ms`.
 */
export function throttle(run: () => void, ms: number) {
  let last = -Infinity;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const fire = () => {
    timer = undefined;
    last = Date.now();
    run();
  };
  return {
    call() {
      if (timer) return;
      const wait = last + ms - Date.now();
      if (wait <= 0) fire();
      else timer = setTimeout(fire, wait);
    },
    cancel() {
      clearTimeout(timer);
      timer = undefined;
    },
  };
}
