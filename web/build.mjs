// Builds the web client from src/ into static/, which is committed so that
// a fresh clone's `go build` needs no build step.
//
//   node build.mjs           write static/
//   node build.mjs --check   rebuild in memory; fail if static/ differs (so the
//                            committed bundle never drifts from its source)
//   node build.mjs --test    bundle src/*.test.ts and run them with node --test
import * as esbuild from "esbuild";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const here = fileURLToPath(new URL(".", import.meta.url));
const src = join(here, "src");
const out = join(here, "static");
const srdData = join(here, "..", "shared", "srd", "data");

// srd is a virtual module with the few SRD facts the client offers as
// choices (spell and monster names), read from the rules data the server
// uses, trimmed so the bundle stays small.
const srd = {
  name: "srd",
  setup(build) {
    build.onResolve({ filter: /^srd$/ }, () => ({ path: "srd", namespace: "srd" }));
    build.onLoad({ filter: /.*/, namespace: "srd" }, () => {
      const read = (f) => JSON.parse(readFileSync(join(srdData, f), "utf8"));
      const spells = read("spells.json").map((s) => [s.id, s.name, s.level, s.classes.join(" ")]);
      const monsters = read("monsters.json").map((m) => [m.id, m.name, m.cr]);
      const classSkills = Object.fromEntries(read("classes.json").filter((c) => c.skill_choices).map((c) => [c.id, [c.skill_choices.choose, c.skill_choices.from]]));
      const armor = Object.fromEntries(read("armor.json").map((a) => [a.id, [a.category, a.base_ac, a.dex_bonus ? (a.dex_max || 99) : 0, a.str_minimum || 0]]));
      const armorNames = Object.fromEntries(read("armor.json").map((a) => [a.id, a.name]));
      const weapons = Object.fromEntries(read("weapons.json").map((w) => [w.id, w.name]));
      // The magic items: their names, whether they need attunement, their charges.
      const magicItems = Object.fromEntries(read("magic_items.json").map((m) => [m.id, [m.name, m.attunement ? 1 : 0, m.charges ?? 0]]));
      const classes = read("classes.json");
      // Each level's spell slots (by spell level, 0 for none) and whether
      // it brings an ability score improvement, for the creation preview.
      const classLevels = Object.fromEntries(classes.map((c) => [c.id, c.levels.map((l) => [l.spell_slots ?? [], l.ability_score_improvement ? 1 : 0])]));
      // The beasts a druid's Wild Shape may take, and how far its level reaches.
      const beasts = read("monsters.json").filter((m) => m.type.toLowerCase() === "beast" && m.cr <= 1)
        .map((m) => [m.id, m.name, m.cr, m.speed?.fly ? 1 : 0, m.speed?.swim ? 1 : 0]);
      const druid = classes.find((c) => c.id === "druid");
      const wildShape = druid ? druid.levels.map((l) => [l.counters?.wild_shape_max_cr ?? 0, l.counters?.wild_shape_swim ?? 0, l.counters?.wild_shape_fly ?? 0]) : [];
      return {
        contents: `export const spells = ${JSON.stringify(spells)};\nexport const monsters = ${JSON.stringify(monsters)};\n` +
          `export const classSkills = ${JSON.stringify(classSkills)};\nexport const armor = ${JSON.stringify(armor)};\n` +
          `export const armorNames = ${JSON.stringify(armorNames)};\nexport const weapons = ${JSON.stringify(weapons)};\n` +
          `export const classLevels = ${JSON.stringify(classLevels)};\nexport const beasts = ${JSON.stringify(beasts)};\n` +
          `export const wildShape = ${JSON.stringify(wildShape)};\nexport const magicItems = ${JSON.stringify(magicItems)};\n`,
        loader: "js",
        watchFiles: ["spells.json", "monsters.json", "classes.json", "armor.json", "weapons.json", "magic_items.json"].map((f) => join(srdData, f)),
      };
    });
  },
};

const common = {
  bundle: true,
  write: false,
  charset: "utf8",
  legalComments: "none",
  logLevel: "warning",
  plugins: [srd],
};

async function bundle() {
  const js = await esbuild.build({
    ...common,
    entryPoints: [join(src, "main.ts")],
    outfile: join(out, "app.js"),
    format: "iife",
    target: ["es2020", "chrome100", "firefox100", "safari15"],
    minify: true,
  });
  const css = await esbuild.build({
    ...common,
    entryPoints: [join(src, "style.css")],
    outfile: join(out, "style.css"),
    minify: true,
  });
  const files = new Map();
  for (const f of [...js.outputFiles, ...css.outputFiles]) files.set(f.path.slice(out.length + 1), Buffer.from(f.contents));
  for (const f of ["index.html", "favicon.svg", "manifest.json"]) files.set(f, readFileSync(join(src, f)));
  return files;
}

async function check() {
  const want = await bundle();
  const have = readdirSync(out);
  const problems = [];
  for (const [name, bytes] of want) {
    let got = null;
    try { got = readFileSync(join(out, name)); } catch { /* missing */ }
    if (!got) problems.push(`${name} is missing`);
    else if (!got.equals(bytes)) problems.push(`${name} differs from a build of src/`);
  }
  for (const name of have) if (!want.has(name)) problems.push(`${name} is not built from src/`);
  if (problems.length) {
    console.error(`web/static is not what web/src builds: ${problems.join("; ")}. Run \`make web\` and commit.`);
    process.exit(1);
  }
  console.log(`web/static matches web/src (${[...want.keys()].join(", ")})`);
}

async function test() {
  const tests = readdirSync(src).filter((f) => f.endsWith(".test.ts"));
  const dir = mkdtempSync(join(tmpdir(), "chronicler-web-test-"));
  try {
    await esbuild.build({
      ...common,
      write: true,
      entryPoints: tests.map((f) => join(src, f)),
      outdir: dir,
      outExtension: { ".js": ".mjs" },
      platform: "node",
      format: "esm",
      target: "node20",
    });
    const files = readdirSync(dir).map((f) => join(dir, f));
    const r = spawnSync(process.execPath, ["--test", "--test-reporter=spec", ...files], { stdio: "inherit" });
    process.exitCode = r.status ?? 1;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const mode = process.argv[2];
if (mode === "--check") await check();
else if (mode === "--test") await test();
else {
  for (const [name, bytes] of await bundle()) writeFileSync(join(out, name), bytes);
  console.log(`built web/static from web/src`);
}
