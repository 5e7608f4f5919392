# Stand-in for coreutils' tests/Coreutils.pm, used by import.py: it loads
# the real module (from $SE2_COREUTILS_TESTS, the suite's tests/ folder),
# so the helpers a test file calls (triple_test, getlimits) are the
# suite's own, and replaces run_tests, which here writes the test list
# as one JSON line instead of running it. Files a test names but does
# not write (`{IN => {FILE => undef}}`) are read now, relative to the
# folder the test file runs in.
package Coreutils;
use strict;
use warnings;
no warnings 'redefine';
use JSON::PP;
use CuSkip;

# Loaded before this file's run_tests is compiled, which then replaces it.
BEGIN {
  my $real = "$ENV{SE2_COREUTILS_TESTS}/Coreutils.pm";
  do $real or die "cannot load $real: " . ($@ || $!) . "\n";
}

sub _plain {
  my ($v) = @_;
  my $r = ref $v;
  return $v if !$r;
  return { '__code' => 1 } if $r eq 'CODE';
  return [ map { _plain($_) } @$v ] if $r eq 'ARRAY';
  if ($r eq 'HASH') {
    my %h;
    for my $k (keys %$v) {
      my $x = $v->{$k};
      if (!defined $x && -f $k) {
        # A file the suite ships: its contents, read as bytes.
        open my $fh, '<:raw', $k or die "$k: $!\n";
        local $/;
        $h{$k} = { '__file' => scalar <$fh> };
        close $fh;
      } else {
        $h{$k} = _plain($x);
      }
    }
    return \%h;
  }
  return { '__ref' => $r };
}

sub run_tests ($$$$$) {
  my ($program_name, $prog, $t_spec) = @_;
  my $p = ref $prog ? $$prog : $prog;
  my $out = $ENV{SE2_IMPORT_OUT} or die "SE2_IMPORT_OUT is not set\n";
  open my $fh, '>>:raw', $out or die "$out: $!\n";
  # Strings are written as code points 0-255: import.py reads them back
  # as Latin-1, which gives the bytes the suite would have written.
  print $fh JSON::PP->new->canonical->ascii->encode(
    { program => $p, env => {%ENV}, tests => [ map { _plain($_) } @$t_spec ] }), "\n";
  close $fh;
  return 0;
}

1;
