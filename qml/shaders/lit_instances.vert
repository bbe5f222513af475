// A cheap lit material for the instanced nodes (NetworkView.qml): one
// directional light fixed to the camera, computed per pixel from the
// view-space normal. Qt Quick 3D's DefaultMaterial does the same look with a
// general light loop that costs llvmpipe about 15% of the frame.
VARYING vec3 vViewNormal;
VARYING vec4 vColor;

void MAIN()
{
    vViewNormal = mat3(VIEW_MATRIX) * (mat3(INSTANCE_MODEL_MATRIX) * NORMAL);
    vColor = INSTANCE_COLOR;
    POSITION = INSTANCE_MODELVIEWPROJECTION_MATRIX * vec4(VERTEX, 1.0);
}
