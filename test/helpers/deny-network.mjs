// Preloaded into a CLI process under test: every way Node reaches a network
// records the attempt in $CHARTER_NETWORK_LOG and fails, so a test can prove
// that no attempt was made.
import { appendFileSync } from "node:fs";
import dns from "node:dns";
import http from "node:http";
import https from "node:https";
import net from "node:net";
import tls from "node:tls";

const log = process.env.CHARTER_NETWORK_LOG;
function deny(what) {
  return function denied(...args) {
    const target = typeof args[0] === "object" ? JSON.stringify(args[0]) : String(args[0]);
    if (log) appendFileSync(log, `${what} ${target}\n`);
    throw new Error(`network access denied: ${what}`);
  };
}
net.Socket.prototype.connect = deny("net.Socket.connect");
net.connect = net.createConnection = deny("net.connect");
tls.connect = deny("tls.connect");
http.request = http.get = deny("http.request");
https.request = https.get = deny("https.request");
dns.lookup = deny("dns.lookup");
dns.resolve = deny("dns.resolve");
dns.promises.lookup = deny("dns.promises.lookup");
globalThis.fetch = deny("fetch");
