// The server's own version: the package's. Imported (not read from disk by a relative path) so that the compiled
// server in build/server carries it wherever the bundle lives.
import packageJson from '../package.json';

export const OWN_VERSION: string = packageJson.version;
