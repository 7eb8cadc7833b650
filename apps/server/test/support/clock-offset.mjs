// Loaded with `node --import` into the test provider: its clock runs CLOCK_OFFSET_MS behind (or
// ahead of) the machine's, as a provider whose clock is off does. Everything it stamps (iat, exp
// of its ID tokens) comes from Date, so its tokens are as old as the offset makes them.
const offset = Number(process.env.CLOCK_OFFSET_MS ?? 0);
const RealDate = Date;
const now = () => RealDate.now() + offset;

class ShiftedDate extends RealDate {
  constructor(...args) {
    if (args.length === 0) super(now());
    else super(...args);
  }

  static now() {
    return now();
  }
}

globalThis.Date = ShiftedDate;
