/**
 * Text a user typed, matched literally by LIKE and ILIKE: its wildcards (% and _) and the escape
 * character itself (\, PostgreSQL's default) are escaped, so searching for "50%" finds "50%".
 */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

/** A LIKE pattern for values that contain the text anywhere. */
export function containsPattern(text: string): string {
  return `%${escapeLike(text)}%`;
}

/** A LIKE pattern for values that start with the text. */
export function startsWithPattern(text: string): string {
  return `${escapeLike(text)}%`;
}
