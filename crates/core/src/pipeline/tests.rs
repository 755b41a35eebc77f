//! Pipeline tests: keys, validation, the swap plan and the turn's figures.

use super::*;

#[test]
fn turn_keys_do_not_clash_with_field_keys() {
    for &f in ALL_TURN_FIELDS {
        assert!(Field::from_key(f.key()).is_none(), "{}", f.key());
        assert!(f.spec().check(f.spec().default).is_ok(), "{}", f.key());
    }
}

#[test]
fn a_role_refuses_the_wrong_model() {
    let mut p = Pipeline::voice_assistant();
    let (asr, llm) = (p.stages[0].inputs.clone(), p.stages[1].inputs.clone());
    p.stages[0].inputs = llm;
    p.stages[1].inputs = asr;
    let e = analyze_pipeline(&p).unwrap_err();
    assert_eq!(
        e.0,
        vec![
            PipelineProblem::Role {
                stage: 0,
                role: Role::Asr,
                kind: ModelKind::Params,
            },
            PipelineProblem::Role {
                stage: 1,
                role: Role::Llm,
                kind: ModelKind::OneShot,
            },
        ]
    );
}

#[test]
fn a_bad_stage_field_names_the_stage_and_field() {
    let mut p = Pipeline::voice_assistant();
    p.stages[1].inputs.set_exact(Field::WeightBits, 0.0);
    let e = analyze_pipeline(&p).unwrap_err();
    match &e.0[..] {
        [PipelineProblem::Stage { stage: 1, errors }] => {
            assert_eq!(
                errors.0[0].input,
                crate::scenario::InputRef::Field(Field::WeightBits)
            );
        }
        other => panic!("{other:?}"),
    }
    let p = Pipeline::voice_assistant().with(TurnField::E2eMs, -1.0);
    assert!(matches!(
        analyze_pipeline(&p).unwrap_err().0[..],
        [PipelineProblem::Turn {
            field: TurnField::E2eMs,
            ..
        }]
    ));
}

#[test]
fn later_stages_use_the_first_stages_device() {
    let mut p = Pipeline::voice_assistant();
    p.stages[2].inputs.set_exact(Field::BandwidthGbps, 1.0);
    let a = analyze_pipeline(&p).unwrap();
    let b = analyze_pipeline(&Pipeline::voice_assistant()).unwrap();
    assert_eq!(a, b);
}

#[test]
fn too_little_memory_swaps_the_cheapest_stages() {
    // 2.1 GB usable: the 1.5 B LLM (1.59 GB) stays; ASR and TTS (≈0.41 GB each) are loaded on demand,
    // one at a time…
    let mut p = Pipeline::voice_assistant();
    p.stages[0].inputs.set_exact(Field::ReservedGb, 5.9);
    let r = analyze_pipeline(&p).unwrap();
    assert!(!r.memory.all_resident && r.memory.fits);
    assert!(r.memory.stages[1].resident, "{:?}", r.memory);
    assert!(r.memory.swap_time.0 > 0.0);
    // Overlapped, the loads hide behind the speech (ASR) and the LLM's answer (TTS)…
    let full = analyze_pipeline(&Pipeline::voice_assistant()).unwrap();
    assert!((r.latency.e2e.0 - full.latency.e2e.0).abs() < 1e-12);
    // …sequential, the TTS load waits for the LLM to finish and adds its time.
    let mut seq = p.clone();
    seq.timing = Timing::Sequential;
    let mut seq_full = Pipeline::voice_assistant();
    seq_full.timing = Timing::Sequential;
    let (a, b) = (
        analyze_pipeline(&seq).unwrap(),
        analyze_pipeline(&seq_full).unwrap(),
    );
    let tts_load = a.memory.stages[2].load.0;
    assert!((a.latency.e2e.0 - b.latency.e2e.0 - tts_load).abs() < 1e-9);
    assert!((a.latency.parts[2].swap.0 - tts_load).abs() < 1e-12);
    // …and with less than the LLM alone, nothing fits.
    p.stages[0].inputs.set_exact(Field::ReservedGb, 6.5);
    let r = analyze_pipeline(&p).unwrap();
    assert!(!r.memory.fits && r.memory.verdict == Verdict::Fail);
}

#[test]
fn overlapping_is_never_slower_than_sequential() {
    let o = analyze_pipeline(&Pipeline::voice_assistant()).unwrap();
    let mut p = Pipeline::voice_assistant();
    p.timing = Timing::Sequential;
    let s = analyze_pipeline(&p).unwrap();
    assert!(o.latency.e2e <= s.latency.e2e);
    let sum: f64 = s.latency.parts.iter().map(|x| x.swap.0 + x.work.0).sum();
    assert!((sum - s.latency.e2e.0).abs() < 1e-9);
}

#[test]
fn a_single_stage_is_the_single_report() {
    let r = analyze_pipeline(&Pipeline::single(Inputs::default())).unwrap();
    let e = crate::run(&Inputs::default()).unwrap().1.expected;
    assert_eq!(r.reports[0], e);
    assert!((r.latency.e2e.0 - e.ttft.ttft.0).abs() < 1e-12);
}

/// The camera assistant (#24), by hand on the seed's device with η_c 0.3 and golden 27's tower: the frame's
/// encoder takes 4.471408422 s, the 384-token prefill 0.488053064 s; 60 answer tokens at the mean context
/// 414 read 0.75 GB + 262,144 B × 414 = 858,527,616 B each at 15 GB/s = 57.2351744 ms.
#[test]
fn a_camera_frame_is_encoded_then_answered() {
    let link = "v=2&stages=llm&eta_c=0.3&s1.vit_params_b=0.4&s1.proj_params_b=0.003&s1.vit_layers=27\
                &s1.vit_hidden=1152&s1.img_rule=resize&s1.tile_px=896&s1.tile_tokens=256&s1.images=1";
    let d = super::link::decode(link, &[]);
    assert!(d.issues.is_empty(), "{:?}", d.issues);
    let r = analyze_pipeline(&d.pipeline).unwrap();
    let cam = r.camera.as_ref().expect("a stage reads an image");
    let close = |a: f64, b: f64| assert!((a - b).abs() <= 1e-9 * b.abs(), "{a} vs {b}");
    close(cam.encode.0, 4.471_408_421_546_667);
    close(cam.encode_fps, 1.0 / 4.471_408_421_546_667);
    // One stage, the last: its first token is the first word.
    close(
        cam.frame_to_first_word.0,
        4.471_408_421_546_667 + 0.488_053_063_68,
    );
    let busy = 4.471_408_421_546_667 + 0.488_053_063_68 + 60.0 * 0.057_235_174_4;
    close(cam.answers_per_s, 1.0 / busy);
    assert_eq!(cam.verdict, Verdict::Fail, "0.119 answers/s against 0.5");
    close(cam.energy_per_answer.0, r.conversation.energy_per_turn.0);
    assert!(!r.all_met());
    // The timeline encodes, then prefills.
    let kinds: Vec<SegmentKind> = r.timeline.iter().map(|s| s.kind).collect();
    assert_eq!(
        kinds,
        [
            SegmentKind::Encode,
            SegmentKind::Prefill,
            SegmentKind::Decode
        ]
    );
    close(r.timeline[1].start.0 - r.timeline[0].start.0, cam.encode.0);
    // At one answer every 10 s it passes.
    let slow = d.pipeline.clone().with(TurnField::FrameFps, 0.1);
    let r = analyze_pipeline(&slow).unwrap();
    assert_eq!(r.camera.unwrap().verdict, Verdict::Pass);
}

#[test]
fn the_camera_assistant_runs_and_its_link_round_trips() {
    let p = Pipeline::camera_assistant();
    let r = analyze_pipeline(&p).unwrap();
    let cam = r.camera.expect("the camera assistant reads a frame");
    assert!(cam.encode.0 > 0.0 && cam.frame_to_first_word > cam.encode);
    assert!(r.memory.all_resident);
    let link = super::link::encode(&p, &[]);
    let d = super::link::decode(&link, &[]);
    assert!(d.issues.is_empty(), "{link}: {:?}", d.issues);
    assert_eq!(d.pipeline, p.normalized(), "{link}");
    // The voice assistant has no camera figures.
    assert!(analyze_pipeline(&Pipeline::voice_assistant())
        .unwrap()
        .camera
        .is_none());
}
