export const NOT_FOUND_TEXT = 'Page not found';
