import CEasel

/// The C side of the recorder: one `@convention(c)` function per `easel_canvas` member, each
/// finding the `DisplayListRecorder` again through `host_data`.
extension DisplayListRecorder {
    static func makeVTable() -> easel_canvas {
        easel_canvas(
            host_data: nil,
            save: { DisplayListRecorder.from($0).save() },
            restore: { DisplayListRecorder.from($0).restore() },
            translate: { DisplayListRecorder.from($0).translate($1, $2) },
            scale: { DisplayListRecorder.from($0).scale($1, $2) },
            rotate: { DisplayListRecorder.from($0).rotate($1) },
            concat_transform: { DisplayListRecorder.from($0).concatTransform($1) },
            get_transform: { DisplayListRecorder.from($0).currentTransform },
            begin_path: { DisplayListRecorder.from($0).beginPath() },
            move_to: { DisplayListRecorder.from($0).moveTo($1, $2) },
            line_to: { DisplayListRecorder.from($0).lineTo($1, $2) },
            curve_to: { DisplayListRecorder.from($0).curveTo($1, $2, $3, $4, $5, $6) },
            quad_curve_to: { DisplayListRecorder.from($0).quadCurveTo($1, $2, $3, $4) },
            arc: { DisplayListRecorder.from($0).arc($1, $2, $3, $4, $5, clockwise: $6) },
            close_path: { DisplayListRecorder.from($0).closePath() },
            add_rect: { DisplayListRecorder.from($0).addRect($1) },
            add_rounded_rect: { DisplayListRecorder.from($0).addRoundedRect($1, radius: $2) },
            add_ellipse: { DisplayListRecorder.from($0).addEllipse($1) },
            set_fill_color: { DisplayListRecorder.from($0).setFillColor($1) },
            set_stroke_color: { DisplayListRecorder.from($0).setStrokeColor($1) },
            set_line_width: { DisplayListRecorder.from($0).setLineWidth($1) },
            set_line_cap: { DisplayListRecorder.from($0).setLineCap($1) },
            set_line_join: { DisplayListRecorder.from($0).setLineJoin($1) },
            set_miter_limit: { DisplayListRecorder.from($0).setMiterLimit($1) },
            set_line_dash: { DisplayListRecorder.from($0).setLineDash(phase: $1, lengths: $2, count: $3) },
            set_alpha: { DisplayListRecorder.from($0).setAlpha($1) },
            set_shadow: { DisplayListRecorder.from($0).setShadow(offset: $1, blur: $2, color: $3) },
            draw_path: { DisplayListRecorder.from($0).drawPath($1) },
            fill_rect: { DisplayListRecorder.from($0).fillRect($1) },
            stroke_rect: { DisplayListRecorder.from($0).strokeRect($1) },
            clip: { DisplayListRecorder.from($0).clip($1) },
            clip_to_rect: { DisplayListRecorder.from($0).clipToRect($1) },
            draw_linear_gradient: { canvas, stops, count, start, end, options in
                DisplayListRecorder.from(canvas).drawLinearGradient(stops, count, start: start, end: end,
                                                                    options: options)
            },
            draw_radial_gradient: { canvas, stops, count, c0, r0, c1, r1, options in
                DisplayListRecorder.from(canvas).drawRadialGradient(stops, count, startCenter: c0, startRadius: r0,
                                                                    endCenter: c1, endRadius: r1, options: options)
            },
            begin_transparency_layer: { DisplayListRecorder.from($0).beginTransparencyLayer() },
            end_transparency_layer: { DisplayListRecorder.from($0).endTransparencyLayer() },
            draw_text: { DisplayListRecorder.from($0).drawText($1, rect: $2, style: $3) },
            measure_text: { DisplayListRecorder.from($0).measureText($1, maxWidth: $2, style: $3) },
            draw_image: { DisplayListRecorder.from($0).drawImage($1, rect: $2, mode: $3) },
            image_size: { DisplayListRecorder.from($0).imageSize($1) }
        )
    }
}
