/**
 * A one-line progress display on a terminal: the current stage, shown only
 * once a run has taken a second (fast runs stay silent), rewritten in place,
 * and erased when the run ends so that what follows starts on a clean line.
 */
export function progressLine(
  write: (text: string) => void,
  delayMs = 1000,
): { stage: (name: string) => void; done: () => void } {
  const started = Date.now();
  let current = "";
  let shown = false;
  const show = () => {
    write(`\r\x1b[2Kcharter: ${current}…`);
    shown = true;
  };
  const timer = setTimeout(show, delayMs);
  timer.unref();
  return {
    stage: (name) => {
      current = name;
      if (Date.now() - started >= delayMs) show();
    },
    done: () => {
      clearTimeout(timer);
      if (shown) write("\r\x1b[2K");
    },
  };
}

/** Error and warning words in red and yellow, for a terminal that wants colour. */
export function colourise(text: string): string {
  return text.replace(/^(\S.*?: )(error|warning|note)( CH\d+)/gm, (_, where: string, level: string, code: string) => {
    const colour = level === "error" ? "\x1b[31m" : level === "warning" ? "\x1b[33m" : "\x1b[36m";
    return `${where}${colour}${level}\x1b[0m${code}`;
  });
}

/** Colour only on a terminal, never with a non-empty NO_COLOR (https://no-color.org) or TERM=dumb. */
export function wantsColour(isTTY: boolean | undefined, env: NodeJS.ProcessEnv): boolean {
  return isTTY === true && !env["NO_COLOR"] && env["TERM"] !== "dumb";
}
