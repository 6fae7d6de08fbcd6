import 'server-only';
// @peculiar/x509 resolves its algorithms through tsyringe, which needs the Reflect metadata API loaded first.
import 'reflect-metadata';
import * as x509 from '@peculiar/x509';

// It signs through WebCrypto: Node's, set once here for every trust module.
x509.cryptoProvider.set(globalThis.crypto);

export { x509 };
