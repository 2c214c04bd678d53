import { afterEach, describe, expect, it } from "vitest";
import { en } from "./en";
import { finalSound, koreanParticles, loadLanguage, setLanguage, t, translator, wordsByLanguage } from ".";
import { ja } from "./ja";
import { ko } from "./ko";

afterEach(() => setLanguage("ja"));

describe("Korean particles", () => {
  it("follow the sound the word ends on", () => {
    expect(koreanParticles("하나이(가) 카드을(를)")).toBe("하나가 카드를");
    expect(koreanParticles("민준이(가) 빨강 7을(를)")).toBe("민준이 빨강 7을");
    expect(koreanParticles("CPU 2이(가) 스킵을(를)")).toBe("CPU 2가 스킵을");
    expect(koreanParticles("파랑(으)로, 7(으)로, 초록(으)로")).toBe("파랑으로, 7로, 초록으로");
    expect(koreanParticles("ゆうき은(는)")).toBe("ゆうき는");
  });

  it("read digits and Latin letters as Korean says them", () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map((d) => finalSound(String(d))))
      .toEqual(["other", "rieul", "none", "other", "none", "none", "other", "rieul", "rieul", "none"]);
    expect(finalSound("Sam")).toBe("other");
    expect(finalSound("Bill")).toBe("rieul");
    expect(finalSound("Yuki")).toBe("none");
  });

  it("are settled in every Korean sentence", () => {
    setLanguage("ko");
    expect(t("log.cpu_added", { name: "CPU 1" })).toBe("CPU 1이 자리에 앉았습니다");
    expect(t("log.game_selected", { name: "하나", game: "컬러 매치" })).toBe("하나 님이 컬러 매치를 골랐습니다");
  });
});

describe("catalogues", () => {
  it("have the same keys in every language", () => {
    expect(Object.keys(ja).sort()).toEqual(Object.keys(en).sort());
    expect(Object.keys(ko).sort()).toEqual(Object.keys(en).sort());
  });

  it("choose plural forms by the count", () => {
    setLanguage("en");
    expect(t("table.cards_held", { n: 1 })).toBe("1 card");
    expect(t("table.cards_held", { n: 3 })).toBe("3 cards");
  });

  it("fall back to English for a language a game folder lacks a line in", () => {
    const tx = translator({ en: { hi: "Hello {name}" }, ja: { hi: "" }, ko: { hi: "안녕 {name}" } } as never);
    setLanguage("ko");
    expect(tx("hi" as never, { name: "하나" })).toBe("안녕 하나");
  });
});

describe("words by language", () => {
  /** A set whose languages load when asked (ko never can), with the languages asked for. */
  function set() {
    const asked: string[] = [];
    const catalogue = (lang: string, hi: string) => () => {
      asked.push(lang);
      return lang === "ko" ? Promise.reject(new Error("offline")) : Promise.resolve({ hi });
    };
    const words = wordsByLanguage<"hi">({ en: catalogue("en", "Hello {name}"), ja: catalogue("ja", "こんにちは {name}"),
      ko: catalogue("ko", "") });
    return { words, asked };
  }

  it("load only the reader's language, and are ready with it", async () => {
    const { words, asked } = set();
    await words.ready;
    expect(asked).toEqual(["ja"]);
    expect(words.t("hi", { name: "ゆうき" })).toBe("こんにちは ゆうき");
    expect(words.has("hi") && !words.has("bye")).toBe(true);
  });

  it("come with the site's words when the language changes", async () => {
    const { words, asked } = set();
    await words.ready;
    await loadLanguage("en");
    setLanguage("en");
    expect(asked).toEqual(["ja", "en"]);
    expect(words.t("hi", { name: "Sam" })).toBe("Hello Sam");
  });

  it("read English for a language that cannot load", async () => {
    const { words } = set();
    await words.load("ko");
    setLanguage("ko");
    expect(words.t("hi", { name: "하나" })).toBe("Hello 하나");
  });
});
