# Derives the simulator's bundled workload trace (scenarios/workload-philly.csv) from the Philly subset's CSV
# (philly-multigpu-jobs.csv; Microsoft, CC BY 4.0, see workload-philly.README.md):
#   python3 derive-workload-trace.py PHILLY_CSV csv > workload-philly.csv
# and a rough model of the simulator's scheduler, to choose a scenario's node count (history in trace seconds):
#   python3 derive-workload-trace.py PHILLY_CSV HISTORY_SECONDS NODES...
import csv, datetime as dt, sys, heapq
SRC=sys.argv.pop(1)
NOW=dt.datetime(2017,10,12,12,0,0)
HIST=dt.timedelta(days=2); LIVE=dt.timedelta(hours=12)
MAXG=32; RUNCAP=12*3600
P=lambda s: dt.datetime.strptime(s,'%Y-%m-%d %H:%M:%S') if s else None
def gang(g):
    for d in range(min(8,g),0,-1):
        if g%d==0: return g//d,d
out=[]
for r in csv.DictReader(open(SRC)):
    s=P(r['submitted_time']); a=P(r['first_start_time']); b=P(r['last_end_time']); g=int(r['num_gpus'])
    if not a or not b or g>MAXG or not (NOW-HIST<=s<NOW+LIVE): continue
    run=min(RUNCAP,max(60,int((b-a).total_seconds())))
    pods,per=gang(g)
    out.append((int((s-NOW).total_seconds()),pods,per,run))
out.sort()
if len(sys.argv)>1 and sys.argv[1]=='csv':
    print('at,pods,gpus_per_pod,run_seconds')
    for o in out: print('%d,%d,%d,%d'%o)
    sys.exit()
# quick model of the simulator's scheduler to pick a cluster size
def sim(nodes):
    free=[8]*nodes; t0=out[0][0]; waiting=[]; running=[]; ev=[]
    waits=[]; i=0; t=t0
    def place(j):
        f=free[:]; pl=[]
        for p in range(j[1]):
            for n in range(nodes):
                if f[n]>=j[2]: f[n]-=j[2]; pl.append(n); break
            else: return None
        return pl
    def sched(t):
        for j in list(waiting):
            pl=place(j)
            if pl is not None:
                for n in pl: free[n]-=j[2]
                waiting.remove(j); heapq.heappush(running,(t+j[3],j,pl)); waits.append((j[0],t-j[0]))
    while i<len(out) or running:
        na=out[i][0] if i<len(out) else None
        ne=running[0][0] if running else None
        nxt=min(x for x in (na,ne) if x is not None)
        if nxt>=0 and t<0:
                print('at now: waiting',len(waiting),'running',len(running),'free',sum(free),'finished',len(waits)-len(running))
                t=0
        if na is not None and (ne is None or na<ne):
            if False:
                print('at now: waiting',len(waiting),'running',len(running),'free',sum(free),'finished',sum(1 for a,w in waits)-len(running))
            t=na; waiting.append(out[i]); i+=1; sched(t)
        else:
            t,j,pl=heapq.heappop(running)
            for n in pl: free[n]+=j[2]
            sched(t)
        if t>=0 and na is None: break
    ws=sorted(w for a,w in waits if a<0)
    print(nodes,'jobs',len(out),'hist',sum(1 for o in out if o[0]<0),'wait p50',ws[len(ws)//2],'p90',ws[int(.9*len(ws))])
H=int(sys.argv[1]); out=[o for o in out if o[0]>=-H]
for n in map(int,sys.argv[2:]): sim(n)
