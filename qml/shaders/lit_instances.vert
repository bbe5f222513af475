// A cheap lit material for the instanced lattice (LitInstancesMaterial.qml):
// one directional light fixed to the camera, computed per pixel from the
// view-space normal. Qt Quick 3D's DefaultMaterial does the same look with a
// general light loop that costs llvmpipe about 15% of the frame. The
// instance colour (linear, InstanceTableEntry) goes to sRGB here, once per
// vertex, not per pixel.
VARYING vec3 vViewNormal;
VARYING vec4 vColor;

vec3 toSrgb(vec3 c)
{
    c = clamp(c, 0.0, 1.0);
    return mix(c * 12.92, 1.055 * pow(c, vec3(1.0 / 2.4)) - 0.055, step(vec3(0.0031308), c));
}

void MAIN()
{
    vViewNormal = mat3(VIEW_MATRIX) * (mat3(INSTANCE_MODEL_MATRIX) * NORMAL);
    vColor = vec4(toSrgb(INSTANCE_COLOR.rgb), INSTANCE_COLOR.a);
    POSITION = INSTANCE_MODELVIEWPROJECTION_MATRIX * vec4(VERTEX, 1.0);
}
