#!/bin/sh
# Cuts the shop's two typefaces down to what its pages use, into src/web/fonts/: the weights from
# 400 to 500 (the variable axis kept between them) and the characters the shop writes. Run it
# again only to change either; it needs fontTools with brotli (Debian: python3-fonttools,
# python3-brotli; PYTHON names another interpreter) and the @fontsource-variable packages.
set -eu
python=${PYTHON:-python3}
cd "$(dirname "$0")/../.."
out=src/web/fonts
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
characters='U+0020-007E,U+00A0-00FF,U+0152-0153,U+2013-2014,U+2018-201E,U+2022,U+2026,U+2032-2033,U+20AC,U+2122,U+2190-2193,U+2212'
features='kern,liga,calt,ccmp,locl,mark,mkmk,tnum,lnum,case'
for family in fraunces inter; do
  "$python" -m fontTools.varLib.instancer -q -o "$work/$family.ttf" \
    "node_modules/@fontsource-variable/$family/files/$family-latin-wght-normal.woff2" wght=400:500
  "$python" -m fontTools.subset "$work/$family.ttf" --unicodes="$characters" \
    --layout-features="$features" --flavor=woff2 --output-file="$out/$family-shop.woff2"
done
ls -l "$out"
