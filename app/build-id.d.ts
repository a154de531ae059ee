/** The running build's id, set by vite.config.ts (`define`): the same in the browser's and the server's bundles. */
declare const __BUILD_ID__: string;
