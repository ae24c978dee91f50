package io.jenkins.plugins.trainingjob.core.diagnosis;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Folds names (nodes, pods) into Slurm-style ranges: {@code fake-node-a800-[01-04]},
 * {@code 10.3.0.[122-123]}, {@code node-[01-03,05]}.
 *
 * <p>Rules: the <em>last</em> run of digits in a name is the number; the text before and after it must be
 * equal for names to share a range (so an IP folds on its last octet). Zero padding is kept and only
 * numbers of the same padded width fold together ({@code 01} and {@code 10} share width 2; {@code 9} and
 * {@code 10} both unpadded also fold). Names without digits, or with more than 18, stay as they are.
 * A bracket holds at most {@value #MAX_RUNS} runs, so a scattered set becomes several short entries that a
 * renderer can cap ("… and N more") instead of one unbounded one. Duplicates count once. The output is sorted by prefix, then first number, then suffix, so it does not
 * depend on input order. Cost is O(n log n): one hash pass and one sort per group.
 */
public final class NodeRangeFolder {

    private static final int MAX_DIGITS = 18;
    static final int MAX_RUNS = 4;

    private NodeRangeFolder() {}

    /** The folded texts only. */
    public static List<String> fold(Collection<String> names) {
        List<NodeRange> ranges = foldCounted(names);
        List<String> out = new ArrayList<>(ranges.size());
        for (NodeRange r : ranges) {
            out.add(r.folded());
        }
        return out;
    }

    /** The folded ranges with how many distinct names each stands for. Null and empty names are skipped. */
    static List<NodeRange> foldCounted(Collection<String> names) {
        Set<String> distinct = new HashSet<>();
        for (String n : names) {
            if (n != null && !n.isEmpty()) {
                distinct.add(n);
            }
        }
        // prefix + suffix -> numbers (by their digit text)
        Map<Affix, List<String>> numbered = new HashMap<>();
        List<Entry> entries = new ArrayList<>();
        for (String name : distinct) {
            int end = name.length();
            while (end > 0 && !isAsciiDigit(name.charAt(end - 1))) {
                end--;
            }
            int start = end;
            while (start > 0 && isAsciiDigit(name.charAt(start - 1))) {
                start--;
            }
            if (end == 0 || end - start > MAX_DIGITS) {
                entries.add(new Entry(name, -1, "", name, 1));
                continue;
            }
            Affix affix = new Affix(name.substring(0, start), name.substring(end));
            numbered.computeIfAbsent(affix, k -> new ArrayList<>()).add(name.substring(start, end));
        }
        for (Map.Entry<Affix, List<String>> e : numbered.entrySet()) {
            foldGroup(e.getKey(), e.getValue(), entries);
        }
        entries.sort(Comparator.comparing(Entry::prefix)
                .thenComparingLong(Entry::first)
                .thenComparing(Entry::suffix)
                .thenComparing(Entry::text));
        List<NodeRange> out = new ArrayList<>(entries.size());
        for (Entry e : entries) {
            out.add(new NodeRange(e.text(), e.count()));
        }
        return out;
    }

    /** Splits one prefix/suffix group by width class, then emits one bracket per class. */
    private static void foldGroup(Affix affix, List<String> digitTexts, List<Entry> out) {
        Set<Integer> paddedWidths = new TreeSet<>();
        for (String d : digitTexts) {
            if (isPadded(d)) {
                paddedWidths.add(d.length());
            }
        }
        // width 0 = unpadded numbers of any length; width w = numbers printed with w digits
        Map<Integer, List<Long>> byWidth = new HashMap<>();
        for (String d : digitTexts) {
            int width = isPadded(d) || paddedWidths.contains(d.length()) ? d.length() : 0;
            byWidth.computeIfAbsent(width, k -> new ArrayList<>()).add(Long.parseLong(d));
        }
        for (Map.Entry<Integer, List<Long>> e : byWidth.entrySet()) {
            int width = e.getKey();
            List<Long> numbers = e.getValue();
            numbers.sort(null);
            // runs of consecutive numbers: [start, end] index pairs
            List<int[]> runs = new ArrayList<>();
            int i = 0;
            while (i < numbers.size()) {
                int j = i;
                while (j + 1 < numbers.size() && numbers.get(j + 1) == numbers.get(j) + 1) {
                    j++;
                }
                runs.add(new int[] {i, j});
                i = j + 1;
            }
            for (int from = 0; from < runs.size(); from += MAX_RUNS) {
                List<int[]> chunk = runs.subList(from, Math.min(runs.size(), from + MAX_RUNS));
                long first = numbers.get(chunk.get(0)[0]);
                int count = chunk.get(chunk.size() - 1)[1] - chunk.get(0)[0] + 1;
                if (count == 1) {
                    out.add(new Entry(
                            affix.prefix(),
                            first,
                            affix.suffix(),
                            affix.prefix() + format(first, width) + affix.suffix(),
                            1));
                    continue;
                }
                StringBuilder b = new StringBuilder(affix.prefix()).append('[');
                for (int r = 0; r < chunk.size(); r++) {
                    int[] run = chunk.get(r);
                    b.append(r == 0 ? "" : ",").append(format(numbers.get(run[0]), width));
                    if (run[1] > run[0]) {
                        b.append('-').append(format(numbers.get(run[1]), width));
                    }
                }
                b.append(']').append(affix.suffix());
                out.add(new Entry(affix.prefix(), first, affix.suffix(), b.toString(), count));
            }
        }
    }

    private static boolean isPadded(String digits) {
        return digits.length() > 1 && digits.charAt(0) == '0';
    }

    private static boolean isAsciiDigit(char c) {
        return c >= '0' && c <= '9';
    }

    private static String format(long n, int width) {
        String s = Long.toString(n);
        if (s.length() >= width) {
            return s;
        }
        return "0".repeat(width - s.length()) + s;
    }

    private record Affix(String prefix, String suffix) {}

    private record Entry(String prefix, long first, String suffix, String text, int count) {}
}
