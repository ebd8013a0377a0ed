// Comlink's adapter for Node's MessagePort ships its types beside its UMD build only.
declare module 'comlink/dist/esm/node-adapter.mjs' {
  export { default } from 'comlink/dist/umd/node-adapter';
}
