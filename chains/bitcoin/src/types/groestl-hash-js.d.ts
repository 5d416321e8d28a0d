declare module 'groestl-hash-js' {
  /** format 1 = byte array input; output 1 = byte array result. */
  export function groestl_2(data: number[] | Uint8Array, format: 1, output: 1): number[];
  export function groestl512(data: number[] | Uint8Array, format: 1, output: 1): number[];
  const groestl: { groestl_2: typeof groestl_2; groestl512: typeof groestl512 };
  export default groestl;
}
