package io.jenkins.plugins.trainingjob.core.eta;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class QueueStateTest {

    private static final Instant T0 = Instant.parse("2026-03-01T00:00:00Z");

    @Test
    void theLineAheadIsTheSameSizesJobsCreatedEarlierThatStillWait() {
        List<HistoryJob> jobs = List.of(
                new HistoryJob("old", 8, T0, null, null),
                new HistoryJob("big", 32, T0.plusSeconds(10), null, null),
                new HistoryJob("done", 8, T0.plusSeconds(20), T0.plusSeconds(30), null),
                new HistoryJob("tie", 8, T0.plusSeconds(100), null, null),
                new HistoryJob("mine", 8, T0.plusSeconds(100), null, null));
        QueueState s = QueueState.of(jobs, SizeClass.UP_TO_8, T0.plusSeconds(100), "mine", T0.plusSeconds(700));
        assertThat(s).isEqualTo(new QueueState(1, 700));
    }

    @Test
    void theSweepFindsWhatEachJobFoundAtItsAgeAsTheDirectCountDoes() {
        Random r = new Random(7);
        List<HistoryJob> jobs = new ArrayList<>();
        for (int i = 0; i < 300; i++) {
            Instant c = T0.plusSeconds(i * 60L + r.nextInt(60));
            long wait = (long) Math.exp(r.nextDouble() * 9);
            jobs.add(new HistoryJob("j" + i, r.nextBoolean() ? 8 : 16, c, c.plusSeconds(wait), null));
        }
        jobs.sort(java.util.Comparator.comparing(HistoryJob::createdAt));
        int[] looked = {5, 50, 120, 250, 299};
        long elapsed = 30;
        QueueState[] swept = QueueState.atLooks(jobs, looked, elapsed);
        for (int k = 0; k < looked.length; k++) {
            HistoryJob j = jobs.get(looked[k]);
            QueueState direct = QueueState.of(
                    jobs, j.sizeClass(), j.createdAt(), j.id(), j.createdAt().plusSeconds(elapsed));
            assertThat(swept[k]).as(j.id()).isEqualTo(direct);
        }
    }

    /**
     * Every job of a busy queue at several ages, with jobs created at the same second (a tie is not ahead),
     * sizes that share the sweep, jobs that never start and starts at the instant of a look.
     */
    @Test
    void theSweepOfEveryJobAtAnyAgeIsTheDirectCount() {
        Random r = new Random(13);
        List<HistoryJob> jobs = new ArrayList<>();
        for (int i = 0; i < 400; i++) {
            Instant c = T0.plusSeconds(i * 20L + (i % 7 == 0 ? 0 : r.nextInt(20)) - (i % 7 == 0 ? 20 : 0));
            long wait = r.nextInt(10) == 0 ? 30 : (long) Math.exp(r.nextDouble() * 9);
            Instant s = r.nextInt(8) == 0 ? null : c.plusSeconds(wait);
            jobs.add(new HistoryJob("j" + i, new int[] {0, 4, 8, 16, 32}[r.nextInt(5)], c, s, null));
        }
        jobs.sort(java.util.Comparator.comparing(HistoryJob::createdAt).thenComparing(HistoryJob::id));
        int[] all = new int[jobs.size()];
        for (int i = 0; i < all.length; i++) {
            all[i] = i;
        }
        long[] events = QueueState.events(jobs);
        for (long elapsed : new long[] {0, 30, 600, 7_200}) {
            QueueState[] swept = QueueState.atLooks(jobs, events, all, elapsed);
            for (int i = 0; i < all.length; i++) {
                HistoryJob j = jobs.get(i);
                QueueState direct = QueueState.of(
                        jobs,
                        j.sizeClass(),
                        j.createdAt(),
                        j.id(),
                        j.createdAt().plusSeconds(elapsed));
                assertThat(swept[i]).as(j.id() + " at " + elapsed).isEqualTo(direct);
            }
        }
    }

    @Test
    void statesAreFarApartByTheLogsOfTheirLinesAndWaits() {
        QueueState none = QueueState.EMPTY;
        assertThat(none.distance(new QueueState(1, 0))).isEqualTo(Math.log(2));
        assertThat(new QueueState(1, 60).distance(new QueueState(1, 60))).isZero();
    }
}
