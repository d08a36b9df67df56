#!/usr/bin/env bash
# Makes a release: checks that the changelog, the README and the API baselines agree on VERSION,
# runs the CI checks on a fresh clone of HEAD, and creates the annotated tag VERSION.
#
#   bash Scripts/release.sh 0.1.0
#   bash Scripts/release.sh --skip-ci 0.1.0   # the agreement checks and the tag only
#
# What it checks, and refuses to tag without (CONTRIBUTING.md, "Making a release"):
# - VERSION is MAJOR.MINOR.PATCH, and no tag VERSION exists yet;
# - the working tree is clean (the tag names a commit, never uncommitted files);
# - CHANGELOG.md has an empty `## [Unreleased]` followed by `## [VERSION] - YYYY-MM-DD` with at
#   least one entry, and link references for both;
# - the README's versioned installation line says `from: "VERSION"`; Scripts/check-consumer.sh
#   reads that line, so the consumer check resolves it against the same tag;
# - unless --skip-ci: `bash .ci/run` passes on a fresh clone of HEAD, and the API baselines in
#   Scripts/api-baseline/ record exactly the API of HEAD (run `bash Scripts/check-api.sh
#   --update` and commit when they do not).
# Then it tags HEAD with `git tag -a VERSION`, the changelog's section as the message. It pushes
# nothing: `git push origin VERSION` publishes the tag.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"

skip_ci=false
version=""
for argument in "$@"; do
  case "$argument" in
    --skip-ci) skip_ci=true ;;
    -h | --help)
      sed -n '2,21p' "$0" | sed 's/^# \{0,1\}//'
      exit 0
      ;;
    -*)
      echo "error: unknown option $argument" >&2
      exit 2
      ;;
    *)
      if [ -n "$version" ]; then
        echo "error: one version, please (got $version and $argument)" >&2
        exit 2
      fi
      version=$argument
      ;;
  esac
done

fail() {
  echo "error: $*" >&2
  exit 1
}

[ -n "$version" ] || fail "usage: bash Scripts/release.sh [--skip-ci] VERSION (for example 0.1.0)"
[[ "$version" =~ ^(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)$ ]] \
  || fail "'$version' is not a version MAJOR.MINOR.PATCH (for example 0.1.0)"

if git rev-parse -q --verify "refs/tags/$version" >/dev/null; then
  fail "the tag $version exists already (on $(git rev-list -n 1 "$version")); a release is never made twice"
fi
if [ -n "$(git status --porcelain)" ]; then
  git status --short >&2
  fail "the working tree has changes; commit them (or stash them) first: the tag names a commit"
fi

# The changelog: an empty [Unreleased], then [VERSION] with a date and at least one entry.
headings=$(grep -nE '^## ' CHANGELOG.md || true)
first=$(sed -n '1p' <<<"$headings" | cut -d: -f2-)
second=$(sed -n '2p' <<<"$headings" | cut -d: -f2-)
[ "$first" = "## [Unreleased]" ] || fail "CHANGELOG.md must start with '## [Unreleased]' (found '$first')"
[[ "$second" =~ ^"## [$version] - "[0-9]{4}-[0-9]{2}-[0-9]{2}$ ]] \
  || fail "CHANGELOG.md's first release section must be '## [$version] - YYYY-MM-DD' (found '$second'); move the [Unreleased] entries there"
unreleased_line=$(sed -n '1p' <<<"$headings" | cut -d: -f1)
release_line=$(sed -n '2p' <<<"$headings" | cut -d: -f1)
if sed -n "$((unreleased_line + 1)),$((release_line - 1))p" CHANGELOG.md | grep -qE '^\s*[-*] '; then
  fail "CHANGELOG.md's [Unreleased] section still has entries; move them to [$version]"
fi
next_line=$(sed -n '3p' <<<"$headings" | cut -d: -f1)
section=$(sed -n "$((release_line + 1)),${next_line:-\$}p" CHANGELOG.md | grep -vE '^## |^\[[^]]+\]: ')
grep -qE '^\s*[-*] ' <<<"$section" || fail "CHANGELOG.md's [$version] section lists no change"
grep -qE "^\[$version\]: " CHANGELOG.md || fail "CHANGELOG.md has no link reference '[$version]: …'"
grep -qE '^\[Unreleased\]: .*'"$version"'\.\.\.HEAD$' CHANGELOG.md \
  || fail "CHANGELOG.md's '[Unreleased]: …' link must compare $version...HEAD"

# The README's versioned installation line, which the consumer check resolves.
readme_version=$(grep -oE '\.package\(url: "[^"]+", from: "[^"]+"\)' README.md | head -n 1 \
  | sed -E 's/.*from: "([^"]+)".*/\1/')
[ -n "$readme_version" ] || fail "README.md has no '.package(url: …, from: …)' installation line"
[ "$readme_version" = "$version" ] \
  || fail "README.md's versioned installation line says from: \"$readme_version\", not \"$version\""
echo "ok: CHANGELOG.md and README.md agree on $version"

if [ "$skip_ci" = false ]; then
  work=$(mktemp -d)
  trap 'rm -rf "$work"' EXIT
  git clone --quiet "$root" "$work/swift-injection"
  echo "==> bash .ci/run on a fresh clone of $(git rev-parse --short HEAD) in $work"
  (cd "$work/swift-injection" && bash .ci/run)
  echo "==> the API baselines record the API of this commit"
  (cd "$work/swift-injection" && bash Scripts/check-api.sh --update >/dev/null \
    && git diff --exit-code --stat -- Scripts/api-baseline) \
    || fail "Scripts/api-baseline/ does not record this commit's API: run 'bash Scripts/check-api.sh --update', commit, and release again"
fi

notes=$(sed '/^$/N;/^\n$/D' <<<"$section")
git tag -a --cleanup=verbatim "$version" -m "swift-injection $version" -m "$notes"
echo "tagged $version on $(git rev-parse --short HEAD); publish it with: git push origin $version"
