// The one platform type the domain package names without its library: an uploaded file in the generated API
// contract (api-contract.ts) is a Blob. The web (DOM) and the server (Node) bring the real one, which this
// empty declaration merges into; the domain's own typecheck, with no platform library, needs only the name.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- a name to merge into, on purpose empty
interface Blob {}
