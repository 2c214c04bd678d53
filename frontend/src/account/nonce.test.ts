import { describe, expect, it } from "vitest";
import { nonceOf, sha256hex, signInNonce, webCrypto } from "./nonce";

const subtle = webCrypto()!; // Node has Web Crypto as browsers do in secure contexts

describe("the sign-in nonce", () => {
  it("hashes UTF-8 to lower-case hex", async () => {
    expect(await sha256hex("abc", subtle)).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    expect(await sha256hex("", subtle)).toBe("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    expect(await sha256hex("秘密", subtle)).toBe("062a2931da683a9897c5a0b597113b1e9fd0d5bfb63e2a5d7c88b724f7f55c02");
  });

  it("is made from the secret's hash as the server makes it (functions/accounts/account.py, sign_in_nonce)", async () => {
    expect(await nonceOf("0".repeat(64), subtle)).toBe("0060e264600eb2511b83582592332e611cf73199685ac40da381b9e4c7ca7946");
  });

  it("is sha256hex('deckroom-sign-in:' + sha256hex(secret))", async () => {
    // The server's hash_secret and sign_in_nonce of this secret (functions/identity.py, accounts/account.py).
    const secret = "Xq3vA7b-9Zk2LmN0pQrStUvWxYz_1234567890abcde";
    expect(await sha256hex(secret, subtle)).toBe("2325e31ba5258414659973e074d3502df45d61dc838b81b38f9ad35891b52eb0");
    expect(await signInNonce(secret, subtle)).toBe("deaba0e866d8932718dcccd5565588fa256fa165fc5677c009a204b0a3997d6c");
  });

  it("differs for every secret", async () => {
    expect(await signInNonce("a".repeat(43), subtle)).not.toBe(await signInNonce("b".repeat(43), subtle));
  });
});
