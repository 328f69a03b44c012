/** Test fixtures read as text by the test runner (`?raw`). */
declare module '*?raw' {
  const text: string;
  export default text;
}
