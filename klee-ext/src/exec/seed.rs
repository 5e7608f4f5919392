//! Seeding, as KLEE's `--seed-file`/`--seed-dir`: tests whose values
//! steer the exploration before it goes its own way.
//!
//! The start states carry every seed. A symbolic object made on a seeded
//! path takes each seed's bytes for it (the seed's next object in order,
//! or with `named` the next one of that name not used yet; a seed object
//! shorter than the symbolic one is an error unless extension is
//! allowed, and one longer unless truncation is), and the path's model
//! takes the first seed's, so values the path concretizes (a `malloc`
//! size, a float conversion, a host call's argument) are the seed's. At a
//! symbolic branch the seeds go with the side their values take; a side
//! no seed takes is explored after seeding (never, with
//! `only_replay_seeds`). Seeds that a path's constraints rule out (an
//! assumption the seed does not meet) leave it. A path whose seeds are
//! gone waits until no seeded path is left: then `KLEE: seeding done (N
//! states remain)`, and the waiting paths run, or end as halted with
//! `only_seed`.

use super::{ErrorKind, Executor, StartError, State, StateId, Termination};
use crate::expr::{ArrayId, ExprId};
use crate::ir::Edge;
use crate::so::Assignment;
use std::rc::Rc;

/// A test used as a seed: its objects in order.
pub(crate) type SeedObjects = Rc<Vec<(String, Vec<u8>)>>;

/// The seeding options.
#[derive(Clone, Debug, Default)]
pub struct SeedConfig {
    pub seeds: Vec<SeedObjects>,
    /// `--named-seed-matching`.
    pub named: bool,
    /// `--allow-seed-extension`: a seed object may be shorter (the rest
    /// is free; its value while seeding is 0).
    pub extend: bool,
    /// `--zero-seed-extension`: a seed object may be shorter (the rest 0),
    /// or missing (all 0).
    pub zero_extend: bool,
    /// `--allow-seed-truncation`: a seed object may be longer.
    pub truncate: bool,
    /// `--only-seed`: end when seeding ends.
    pub only_seed: bool,
    /// `--only-replay-seeds`: no side that no seed takes.
    pub only_replay: bool,
}

/// A seed on a path: its objects, which it has used, and the values it
/// gives the path's symbolic objects so far.
#[derive(Clone, Debug)]
pub struct Seed {
    objects: SeedObjects,
    used: Vec<bool>,
    next: usize,
    pub asg: Assignment,
}

impl Seed {
    pub fn new(objects: SeedObjects) -> Seed {
        let n = objects.len();
        Seed { objects, used: vec![false; n], next: 0, asg: Assignment::default() }
    }
}

impl<'p> Executor<'p> {
    /// Records a new symbolic object of the path, binding each seed's
    /// bytes to it; an error message when a seed cannot give them.
    pub(super) fn add_array(&mut self, st: &mut State, arr: ArrayId, name: &str) -> Result<(), StartError> {
        st.arrays.push((arr, name.into()));
        if st.seeds.is_empty() {
            return Ok(());
        }
        let size = self.pool.array(arr).size as usize;
        let cfg = &self.cfg.seeding;
        let mut seeds = st.seeds.as_ref().clone();
        for s in seeds.iter_mut() {
            let pick = if cfg.named {
                (0..s.objects.len()).find(|&i| !s.used[i] && s.objects[i].0 == name)
            } else {
                Some(s.next).filter(|&i| i < s.objects.len())
            };
            let bytes: Vec<u8> = match pick {
                Some(i) => {
                    s.used[i] = true;
                    s.next = i + 1;
                    let (oname, b) = &s.objects[i];
                    if b.len() < size && !(cfg.extend || cfg.zero_extend) || b.len() > size && !cfg.truncate {
                        return Err(StartError::SeedSize {
                            name: name.into(),
                            size,
                            object: oname.clone(),
                            len: b.len(),
                        });
                    }
                    b.clone()
                }
                None if cfg.extend || cfg.zero_extend => Vec::new(),
                None => return Err(StartError::SeedsExhausted),
            };
            for i in 0..size {
                s.asg.bytes.insert((arr, i as u32), bytes.get(i).copied().unwrap_or(0));
            }
        }
        // The path's values are the first seed's (a fresh object is in no
        // constraint, so the model stays one).
        if let Some(first) = seeds.first() {
            let m = Rc::make_mut(&mut st.model);
            for i in 0..size as u32 {
                m.bytes.insert((arr, i), first.asg.get(arr, i));
            }
        }
        st.seeds = Rc::new(seeds);
        Ok(())
    }

    /// Keeps the seeds that meet every constraint of the path; the path's
    /// model becomes the first one's.
    pub(super) fn keep_consistent_seeds(&mut self, st: &mut State) {
        if st.seeds.is_empty() {
            return;
        }
        let pool = &self.pool;
        let keep: Vec<Seed> =
            st.seeds.iter().filter(|s| st.constraints.iter().all(|&c| pool.eval(c, &s.asg) != 0)).cloned().collect();
        if keep.len() != st.seeds.len() {
            st.seeds = Rc::new(keep);
        }
        self.seed_model(st);
    }

    /// The path's model moved onto its first seed's values (a seed on a
    /// path meets its constraints, so the model stays one).
    fn seed_model(&mut self, st: &mut State) {
        if let Some(first) = st.seeds.first() {
            if first.asg.bytes.iter().any(|(&(a, i), &v)| st.model.get(a, i) != v) {
                let mut m = st.model.as_ref().clone();
                m.bytes.extend(first.asg.bytes.iter().map(|(k, v)| (*k, *v)));
                st.model = Rc::new(m);
            }
        }
    }

    /// The seeds of `st` split by the value of condition `c`: (true, false).
    pub(super) fn split_seeds(&self, st: &State, c: ExprId) -> (Vec<Seed>, Vec<Seed>) {
        st.seeds.iter().cloned().partition(|s| self.pool.eval(c, &s.asg) & 1 != 0)
    }

    /// Gives `st` the seeds `seeds` (dropping those its constraints rule out).
    pub(super) fn set_seeds(&mut self, st: &mut State, seeds: Vec<Seed>) {
        st.seeds = Rc::new(seeds);
        self.keep_consistent_seeds(st);
    }

    /// A symbolic branch on a seeded path: the seeds go with the side their
    /// values take; a side no seed takes is forked as usual (it waits for
    /// the end of seeding), or with `only_replay` not at all.
    pub(super) fn seeded_branch(&mut self, st: &mut State, c: ExprId, edges: &[Edge; 2]) -> Result<(), Termination> {
        let (ts, fs) = self.split_seeds(st, c);
        let nc = self.pool.not(c);
        let only = self.cfg.seeding.only_replay;
        let t_ok = if only && ts.is_empty() { None } else { self.model_for(st, c)? };
        let f_ok = if only && fs.is_empty() { None } else { self.model_for(st, nc)? };
        match (t_ok, f_ok) {
            (Some(mt), Some(mf)) if self.can_fork(st) => {
                let mut other = self.split_branch(st, (c, mt), (nc, mf));
                self.set_seeds(st, ts);
                self.set_seeds(&mut other, fs);
                self.take_edge(st, &edges[0]);
                self.take_edge(&mut other, &edges[1]);
                self.add_state(other);
            }
            (Some(mt), _) => {
                st.add_constraint(c, mt);
                self.set_seeds(st, ts);
                self.mark_side(st, 0);
                self.take_edge(st, &edges[0]);
            }
            (None, Some(mf)) => {
                st.add_constraint(nc, mf);
                self.set_seeds(st, fs);
                self.mark_side(st, 1);
                self.take_edge(st, &edges[1]);
            }
            (None, None) => return Err(self.error(st, ErrorKind::Exec, "no seed's side of the branch can be taken")),
        }
        Ok(())
    }

    /// While seeding, a picked path without seeds waits; true if `sid` was
    /// set aside.
    pub(super) fn defer_unseeded(&mut self, sid: StateId) -> bool {
        if !self.seeding {
            return false;
        }
        let unseeded = self.states[sid.0 as usize].as_ref().is_some_and(|s| s.seeds.is_empty());
        if unseeded {
            self.searcher.pause(sid);
            self.deferred.push(sid);
        }
        unseeded
    }

    /// No seeded path is left: seeding is done; the waiting paths go back
    /// to the searcher, or (`only_seed`) end as halted. True if any went
    /// back.
    pub(super) fn end_seeding(&mut self) -> bool {
        if !self.seeding {
            return false;
        }
        self.seeding = false;
        let waiting = std::mem::take(&mut self.deferred);
        crate::log::message(&format!("seeding done ({} states remain)", waiting.len()));
        if self.cfg.seeding.only_seed {
            self.halted.get_or_insert(super::StopReason::Halted);
            return false;
        }
        for sid in &waiting {
            if let Some(s) = &self.states[sid.0 as usize] {
                let depth = s.depth;
                self.searcher.resume(*sid, depth);
            }
        }
        !waiting.is_empty()
    }
}
