// Prints the Chromium to drive: CHROMIUM_PATH if set, else the binary that ships inside
// @sparticuz/chromium (unpacked to the temp folder on first use). Nothing is downloaded.
import chromium from '@sparticuz/chromium';

const path = process.env.CHROMIUM_PATH || (await chromium.executablePath());
process.stdout.write(path);
