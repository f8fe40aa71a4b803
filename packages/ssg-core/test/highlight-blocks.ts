/**
 * Code blocks in many languages for highlighting tests. Some have tokens the two GitHub themes
 * tell apart differently: github-light gives strings and regular expressions one colour (#032F62),
 * github-dark two (#9ECBFF, #DBEDFF), so the light theme joins tokens the dark one keeps apart.
 */
export const BLOCKS: Array<[string, string]> = [
  ['js', "const parts = 'a-b'.split(/-/)\nconst trimmed = s.replace(/^\\s+|\\s+$/g, '')"],
  [
    'ts',
    "const slug: string = title.toLowerCase().replace(/[^a-z0-9]+/g, '-')\nexport const re = new RegExp('^/docs/(.*)$')",
  ],
  ['tsx', 'export const A = () => <div className="a">{/x+/.test(s) ? "y" : "n"}</div>'],
  [
    'python',
    'import re\n\nPATTERN = re.compile(r"^(\\d+)-(\\w+)$")\ndef f(s: str) -> bool:\n    """Doc."""\n    return bool(PATTERN.match(s))',
  ],
  [
    'bash',
    'curl -X POST "https://api.example.com/v1/items" \\\n  -H "Authorization: Bearer $TOKEN" # comment\nsed -e \'s/-/_/g\' file.txt',
  ],
  ['json', '{ "id": "7b2f", "pattern": "^a-z$", "count": 3, "ok": true, "none": null }'],
  ['yaml', 'name: site\nitems:\n  - a: "x-y"\n    b: 2 # comment\n  - /^re$/'],
  [
    'html',
    '<a href="/docs/">Docs</a>\n<script>const r = /-/g</script>\n<style>.a { color: red }</style>',
  ],
  ['css', '.panel > a:hover {\n  color: #fff;\n  background: url("a-b.png");\n}'],
  ['go', 'package main\n\nimport "regexp"\n\nvar re = regexp.MustCompile(`^a-(\\d+)$`) // comment'],
  [
    'rust',
    'fn main() {\n    let re = Regex::new(r"^\\d{4}-\\d{2}$").unwrap();\n    println!("{}", re.is_match("2014-01"));\n}',
  ],
  ['java', 'class A {\n  /** Javadoc */\n  boolean f(String s) { return s.matches("^a-b$"); }\n}'],
  ['csharp', 'var ok = Regex.IsMatch(s, @"^a-\\d+$"); // comment'],
  ['ruby', 'ok = "a-b" =~ /-/\nputs "#{ok} done"'],
  ['php', '<?php\n$ok = preg_match(\'/^a-b$/\', $s);\necho "x {$ok}";'],
  ['sql', "SELECT id, name FROM users WHERE name LIKE 'a-%' -- comment"],
  ['diff', '--- a/x\n+++ b/x\n@@ -1 +1 @@\n-old\n+new'],
  ['markdown', '# Title\n\nSome `code` and [a link](/x).\n\n```js\nconst r = /-/\n```'],
]
export const LANGS = [...new Set(BLOCKS.map(([lang]) => lang))]
