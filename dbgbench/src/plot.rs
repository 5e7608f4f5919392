//! The paper's Fig. 7c: exploration time and paths explored against the
//! path bound (`--max-forks`), for `fo` and `so-pse` on one subject.

use crate::Row;
use plotters::prelude::*;
use std::path::Path;

/// One measured point: configuration, bound, row.
pub type Point = (String, u64, Row);

/// Draws `points` into an SVG file: time on the left, paths on the right.
pub fn fig7c(points: &[Point], subject: &str, file: &Path) -> Result<(), String> {
    let root = SVGBackend::new(file, (960, 400)).into_drawing_area();
    root.fill(&WHITE).map_err(|e| e.to_string())?;
    let (left, right) = root.split_horizontally(480);
    let max_x = points.iter().map(|p| p.1).max().unwrap_or(1).max(1);
    let configs: Vec<String> = {
        let mut c: Vec<String> = Vec::new();
        for p in points {
            if !c.contains(&p.0) {
                c.push(p.0.clone());
            }
        }
        c
    };
    let panels: [(&DrawingArea<SVGBackend, plotters::coord::Shift>, &str, fn(&Row) -> f64); 2] =
        [(&left, "exploration time (s)", |r| r.time_s), (&right, "paths explored", |r| r.paths as f64)];
    for (area, label, value) in panels {
        let max_y = points.iter().map(|p| value(&p.2)).fold(0.0f64, f64::max).max(1.0) * 1.1;
        let mut chart = ChartBuilder::on(area)
            .caption(format!("{subject}: {label}"), ("sans-serif", 16))
            .margin(12)
            .x_label_area_size(36)
            .y_label_area_size(48)
            .build_cartesian_2d(0u64..max_x + max_x / 10, 0f64..max_y)
            .map_err(|e| e.to_string())?;
        chart.configure_mesh().x_desc("--max-forks").y_desc(label).draw().map_err(|e| e.to_string())?;
        for (i, c) in configs.iter().enumerate() {
            let color = Palette99::pick(i).to_rgba();
            let mut series: Vec<(u64, f64)> = points.iter().filter(|p| &p.0 == c).map(|p| (p.1, value(&p.2))).collect();
            series.sort_by_key(|s| s.0);
            chart
                .draw_series(LineSeries::new(series.clone(), color.stroke_width(2)))
                .map_err(|e| e.to_string())?
                .label(c.clone())
                .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 16, y)], color.stroke_width(2)));
            chart
                .draw_series(series.into_iter().map(|(x, y)| Circle::new((x, y), 3, color.filled())))
                .map_err(|e| e.to_string())?;
        }
        chart
            .configure_series_labels()
            .border_style(BLACK)
            .background_style(WHITE.mix(0.8))
            .draw()
            .map_err(|e| e.to_string())?;
    }
    root.present().map_err(|e| e.to_string())
}
