//! Draws a recorded symbolic execution tree (`exec::tree`) as SVG: a node
//! per branch with its source line and edges `T`/`F`; the branches inside
//! a call folded into one node `f()` that expands on click (its own
//! drawing appears below the tree); sides no second-order interpretation
//! can take drawn as pruned; each leaf with its path's outcome.

use crate::exec::tree::{ExecTree, NodeKind};
use crate::ir::FuncId;
use std::fmt::Write;

/// Leaves drawn at most; the rest is summarised in one node.
const MAX_LEAVES: usize = 300;
const UNIT: f64 = 150.0;
const LEVEL: f64 = 78.0;
const BOX_W: f64 = 138.0;
const BOX_H: f64 = 38.0;

enum Disp {
    Branch {
        label: String,
        func: String,
        edges: Vec<(String, Disp)>,
    },
    Call {
        func: String,
        branches: usize,
        inner: Box<Disp>,
        exits: Vec<Disp>,
    },
    Leaf {
        outcome: String,
        verdict: Option<bool>,
    },
    Pruned,
    /// Not explored further (a limit, or the tree is full).
    Open,
    /// Inside a call's drawing: the path returns to the caller here.
    Return,
    /// Leaves beyond `MAX_LEAVES`.
    More(usize),
}

struct Builder<'t> {
    tree: &'t ExecTree,
    ch: Vec<Vec<u32>>,
    leaves: usize,
}

enum Exit {
    Node(u32),
    Leaf(u32),
    Open,
}

fn starts_with(f: &[FuncId], prefix: &[FuncId]) -> bool {
    f.len() >= prefix.len() && f[..prefix.len()] == *prefix
}

impl<'t> Builder<'t> {
    fn name(&self, f: FuncId) -> String {
        self.tree.func_names.get(f.0 as usize).map(|n| n.to_string()).unwrap_or_else(|| "?".into())
    }

    fn leaf(&mut self, k: u32) -> Disp {
        self.leaves += 1;
        match &self.tree.nodes[k as usize].kind {
            NodeKind::Leaf(l) => Disp::Leaf { outcome: l.outcome.clone(), verdict: l.verdict },
            _ => Disp::Open,
        }
    }

    /// What follows node `n`: `ctx` is the call stack the drawing is in;
    /// `inner` (a call's own drawing) draws deeper calls unfolded and ends
    /// where the path leaves the call.
    fn follow(&mut self, n: u32, ctx: &[FuncId], inner: bool) -> Disp {
        if self.leaves >= MAX_LEAVES {
            return Disp::More(self.count_leaves(n));
        }
        let kids = self.ch[n as usize].clone();
        let Some(&k0) = kids.first() else { return Disp::Open };
        if matches!(self.tree.nodes[k0 as usize].kind, NodeKind::Leaf(_)) {
            return self.leaf(k0);
        }
        let node = &self.tree.nodes[k0 as usize];
        let frames = node.frames.clone();
        if inner && !starts_with(&frames, ctx) {
            self.leaves += 1;
            return Disp::Return;
        }
        if !inner && frames.len() > ctx.len() && starts_with(&frames, ctx) {
            let mut call: Vec<FuncId> = ctx.to_vec();
            call.push(frames[ctx.len()]);
            let inner_disp = self.follow(n, &call, true);
            let mut exits = Vec::new();
            let mut branches = 0;
            self.exits(n, &call, &mut exits, &mut branches);
            let exits = exits
                .into_iter()
                .map(|e| match e {
                    Exit::Leaf(k) => self.leaf(k),
                    Exit::Open => Disp::Open,
                    Exit::Node(m) => self.follow(m, ctx, false),
                })
                .collect();
            return Disp::Call { func: self.name(frames[ctx.len()]), branches, inner: Box::new(inner_disp), exits };
        }
        // A branch point in the current function (or, having returned,
        // in a caller: the drawing goes on in that context).
        let ctx: Vec<FuncId> = if starts_with(&frames, ctx) { ctx.to_vec() } else { frames.to_vec() };
        let file = node.file.rsplit('/').next().unwrap_or("").to_string();
        let label = format!("{file}:{}", node.line);
        let func = frames.last().map(|f| self.name(*f)).unwrap_or_default();
        let mut edges = Vec::new();
        for k in kids {
            match self.tree.nodes[k as usize].kind {
                NodeKind::Side(b) => {
                    let d = self.follow(k, &ctx, inner);
                    edges.push((if b { "T" } else { "F" }.to_string(), d));
                }
                NodeKind::Pruned(b) => {
                    self.leaves += 1;
                    edges.push((if b { "T" } else { "F" }.to_string(), Disp::Pruned));
                }
                _ => edges.push((String::new(), self.leaf(k))),
            }
        }
        Disp::Branch { label, func, edges }
    }

    /// The points where paths from `n` leave the call `call` (or end in
    /// it), counting the branches inside.
    fn exits(&self, n: u32, call: &[FuncId], out: &mut Vec<Exit>, branches: &mut usize) {
        let kids = &self.ch[n as usize];
        let Some(&k0) = kids.first() else {
            out.push(Exit::Open);
            return;
        };
        if matches!(self.tree.nodes[k0 as usize].kind, NodeKind::Leaf(_)) {
            out.push(Exit::Leaf(k0));
            return;
        }
        if !starts_with(&self.tree.nodes[k0 as usize].frames, call) {
            out.push(Exit::Node(n));
            return;
        }
        *branches += 1;
        for &k in kids {
            if let NodeKind::Side(_) = self.tree.nodes[k as usize].kind {
                self.exits(k, call, out, branches);
            }
        }
    }

    fn count_leaves(&self, n: u32) -> usize {
        let mut stack = vec![n];
        let mut c = 0;
        while let Some(x) = stack.pop() {
            for &k in &self.ch[x as usize] {
                if matches!(self.tree.nodes[k as usize].kind, NodeKind::Leaf(_)) {
                    c += 1;
                }
                stack.push(k);
            }
        }
        c
    }
}

/// Width of a drawing, in leaf units.
fn width(d: &Disp) -> f64 {
    match d {
        Disp::Branch { edges, .. } => edges.iter().map(|(_, c)| width(c)).sum::<f64>().max(1.0),
        Disp::Call { exits, .. } => exits.iter().map(width).sum::<f64>().max(1.0),
        _ => 1.0,
    }
}

fn depth(d: &Disp) -> usize {
    match d {
        Disp::Branch { edges, .. } => 1 + edges.iter().map(|(_, c)| depth(c)).max().unwrap_or(0),
        Disp::Call { exits, .. } => 1 + exits.iter().map(depth).max().unwrap_or(0),
        _ => 1,
    }
}

fn esc(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

fn short(s: &str, n: usize) -> String {
    if s.chars().count() > n {
        format!("{}…", s.chars().take(n - 1).collect::<String>())
    } else {
        s.to_string()
    }
}

struct Canvas {
    body: String,
    /// The expandable drawings of calls: (id, title, drawing).
    panels: Vec<(usize, String, Disp)>,
}

impl Canvas {
    /// A box at `(x, y)` with its `(fill, stroke, dashed)` style.
    fn node_box(
        &mut self, x: f64, y: f64, (fill, stroke, dash): (&str, &str, bool), lines: &[String], title: &str,
        onclick: Option<usize>,
    ) {
        let (l, t) = (x - BOX_W / 2.0, y - BOX_H / 2.0);
        let click = onclick
            .map(|k| format!(" class=\"call\" onclick=\"se2Toggle('call{k}')\" style=\"cursor:pointer\""))
            .unwrap_or_default();
        let _ = write!(self.body, "<g{click}><title>{}</title><rect x=\"{l:.1}\" y=\"{t:.1}\" width=\"{BOX_W}\" height=\"{BOX_H}\" rx=\"6\" fill=\"{fill}\" stroke=\"{stroke}\"{}/>", esc(title), if dash { " stroke-dasharray=\"4 3\"" } else { "" });
        let n = lines.len() as f64;
        for (i, line) in lines.iter().enumerate() {
            let ty = y + (i as f64 - (n - 1.0) / 2.0) * 13.0 + 4.0;
            let _ = write!(self.body, "<text x=\"{x:.1}\" y=\"{ty:.1}\" text-anchor=\"middle\" font-size=\"11\" font-family=\"monospace\">{}</text>", esc(&short(line, 20)));
        }
        self.body.push_str("</g>\n");
    }

    fn edge(&mut self, x1: f64, y1: f64, x2: f64, y2: f64, label: &str) {
        let _ = writeln!(
            self.body,
            "<line x1=\"{x1:.1}\" y1=\"{:.1}\" x2=\"{x2:.1}\" y2=\"{:.1}\" stroke=\"#555\"/>",
            y1 + BOX_H / 2.0,
            y2 - BOX_H / 2.0
        );
        if !label.is_empty() {
            let (mx, my) = ((x1 + x2) / 2.0, (y1 + y2) / 2.0);
            let _ = writeln!(
                self.body,
                "<text x=\"{:.1}\" y=\"{my:.1}\" font-size=\"11\" font-family=\"sans-serif\" fill=\"#333\">{}</text>",
                mx + 4.0,
                esc(label)
            );
        }
    }

    /// Draws `d` with its left edge at `left` (pixels) and top at `y`.
    fn draw(&mut self, d: Disp, left: f64, y: f64) {
        let w = width(&d) * UNIT;
        let x = left + w / 2.0;
        match d {
            Disp::Branch { label, func, edges } => {
                self.node_box(
                    x,
                    y,
                    ("#eef3fb", "#3465a4", false),
                    &[label.clone(), format!("in {func}")],
                    &format!("branch at {label} in {func}"),
                    None,
                );
                let mut l = left;
                for (lab, c) in edges {
                    let cw = width(&c) * UNIT;
                    self.edge(x, y, l + cw / 2.0, y + LEVEL, &lab);
                    self.draw(c, l, y + LEVEL);
                    l += cw;
                }
            }
            Disp::Call { func, branches, inner, exits } => {
                let k = self.panels.len();
                self.panels.push((k, format!("inside {func}() ({branches} branches)"), *inner));
                self.node_box(
                    x,
                    y,
                    ("#fdf6e3", "#b58900", false),
                    &[format!("{func}()"), format!("{branches} branches ▸")],
                    &format!("call of {func}: {branches} branches folded; click to expand"),
                    Some(k),
                );
                let mut l = left;
                for c in exits {
                    let cw = width(&c) * UNIT;
                    self.edge(x, y, l + cw / 2.0, y + LEVEL, "");
                    self.draw(c, l, y + LEVEL);
                    l += cw;
                }
            }
            Disp::Leaf { outcome, verdict } => {
                let (fill, stroke, tag) = match verdict {
                    Some(true) => ("#e6f4e1", "#4e9a06", "passes"),
                    Some(false) => ("#fbe9e7", "#cc0000", "fails"),
                    None if outcome.contains("error") => ("#fff4e5", "#ce5c00", "error"),
                    None => ("#f2f2f2", "#777", "end"),
                };
                self.node_box(x, y, (fill, stroke, false), &[outcome.clone(), tag.to_string()], &outcome, None);
            }
            Disp::Pruned => self.node_box(
                x,
                y,
                ("#ffffff", "#999", true),
                &["pruned".into(), "no interpretation".into()],
                "no interpretation of the second-order variables takes this side",
                None,
            ),
            Disp::Open => self.node_box(
                x,
                y,
                ("#ffffff", "#bbb", true),
                &["not explored".into()],
                "not explored (a limit was reached)",
                None,
            ),
            Disp::Return => self.node_box(
                x,
                y,
                ("#ffffff", "#b58900", true),
                &["return".into()],
                "the path returns to the caller",
                None,
            ),
            Disp::More(n) => {
                self.node_box(x, y, ("#ffffff", "#bbb", true), &[format!("… {n} more paths")], "not drawn", None)
            }
        }
    }
}

/// Shows one call's drawing (and hides the others) on a click.
const SCRIPT: &str = "<script><![CDATA[function se2Toggle(id){var ps=document.getElementsByClassName('panel');for(var i=0;i<ps.length;i++){if(ps[i].id!==id)ps[i].style.display='none';}var e=document.getElementById(id);e.style.display=e.style.display==='none'?'inline':'none';}]]></script>";

/// The tree as an SVG document (`title` above it).
pub fn render(tree: &ExecTree, title: &str) -> String {
    let mut b = Builder { tree, ch: tree.children(), leaves: 0 };
    let main = tree.nodes.iter().find_map(|n| n.frames.first().copied());
    let ctx: Vec<FuncId> = main.into_iter().collect();
    let root = b.follow(0, &ctx, false);
    let (w, h) = (width(&root) * UNIT, depth(&root) as f64 * LEVEL);
    let mut c = Canvas { body: String::new(), panels: Vec::new() };
    c.draw(root, 10.0, 60.0 + BOX_H / 2.0);
    // Expandable calls: each drawing below the tree, shown on click.
    let mut panels_svg = String::new();
    let mut panel_w: f64 = 0.0;
    let mut panel_h: f64 = 0.0;
    let top = 60.0 + h + 30.0;
    let mut queue: Vec<(usize, String, Disp)> = std::mem::take(&mut c.panels);
    let mut i = 0;
    while i < queue.len() {
        let (k, t, d) = std::mem::replace(&mut queue[i], (0, String::new(), Disp::Open));
        let (pw, ph) = (width(&d) * UNIT, depth(&d) as f64 * LEVEL);
        panel_w = panel_w.max(pw);
        panel_h = panel_h.max(ph + 30.0);
        let mut pc = Canvas { body: String::new(), panels: Vec::new() };
        pc.draw(d, 10.0, top + 30.0 + BOX_H / 2.0);
        let _ = write!(panels_svg, "<g id=\"call{k}\" class=\"panel\" style=\"display:none\"><text x=\"10\" y=\"{:.1}\" font-size=\"13\" font-family=\"sans-serif\" font-weight=\"bold\">{}</text>\n{}</g>\n", top + 12.0, esc(&t), pc.body);
        queue.extend(pc.panels);
        i += 1;
    }
    let total_w = w.max(panel_w) + 20.0;
    let total_h = top + panel_h + 20.0;
    let truncated = if tree.truncated { " (tree truncated at its node limit)" } else { "" };
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{total_w:.0}\" height=\"{total_h:.0}\" viewBox=\"0 0 {total_w:.0} {total_h:.0}\">\n\
{SCRIPT}\n\
<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n<text x=\"10\" y=\"22\" font-size=\"15\" font-family=\"sans-serif\" font-weight=\"bold\">{}</text>\n\
<text x=\"10\" y=\"40\" font-size=\"11\" font-family=\"sans-serif\" fill=\"#555\">branches with their source line (T/F: the side taken); calls folded (click to expand below); dashed: pruned or not explored{truncated}</text>\n{}{}</svg>\n",
        esc(title),
        c.body,
        panels_svg
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::exec::tree::{Leaf, TreeNode};
    use crate::exec::StateId;
    use std::rc::Rc;

    fn node(parent: u32, kind: NodeKind, line: u32, frames: &[u32]) -> TreeNode {
        TreeNode {
            parent: Some(parent),
            kind,
            file: Rc::from("dir/p.c"),
            line,
            frames: frames.iter().map(|f| FuncId(*f)).collect(),
        }
    }

    fn leaf(parent: u32, s: u32, outcome: &str, frames: &[u32]) -> TreeNode {
        node(parent, NodeKind::Leaf(Leaf { state: StateId(s), outcome: outcome.into(), verdict: None }), 9, frames)
    }

    #[test]
    fn calls_fold_and_pruned_sides_show() {
        // main branches at line 5; the true side calls f (func 1), which
        // branches at line 20 and returns; the false side has a pruned
        // sibling.
        let mut t = ExecTree { func_names: vec![Rc::from("main"), Rc::from("f")], ..ExecTree::default() };
        t.nodes.push(TreeNode {
            parent: None,
            kind: NodeKind::Root,
            file: Rc::from(""),
            line: 0,
            frames: Rc::from(Vec::new()),
        });
        t.nodes.push(node(0, NodeKind::Side(true), 5, &[0])); // 1
        t.nodes.push(node(0, NodeKind::Side(false), 5, &[0])); // 2
        t.nodes.push(node(1, NodeKind::Side(true), 20, &[0, 1])); // 3
        t.nodes.push(node(1, NodeKind::Side(false), 20, &[0, 1])); // 4
        t.nodes.push(leaf(3, 1, "exit 0", &[0])); // 5
        t.nodes.push(leaf(4, 2, "exit 1", &[0])); // 6
        t.nodes.push(node(2, NodeKind::Pruned(true), 7, &[0])); // 7
        t.nodes.push(node(2, NodeKind::Side(false), 7, &[0])); // 8
        t.nodes.push(leaf(8, 3, "Abort error: boom", &[0])); // 9
        t.mark(StateId(1), true);
        let svg = render(&t, "test");
        assert!(svg.contains(">p.c:5<"), "{svg}");
        assert!(svg.contains(">f()<") && svg.contains("1 branches"), "{svg}");
        assert!(svg.contains("id=\"call0\""), "{svg}");
        assert!(svg.contains(">p.c:20<"), "the call's own drawing has its branch: {svg}");
        assert!(svg.contains(">pruned<") && svg.contains(">passes<") && svg.contains("Abort error"), "{svg}");
        assert_eq!(svg.matches("<line").count(), 2 + 2 + 2 + 2, "{svg}");
    }
}
