document.querySelectorAll('input[data-cat]').forEach(function(box){
  box.addEventListener('change',function(){
    document.body.classList.toggle('hide-'+box.dataset.cat,!box.checked);});});
document.querySelectorAll('input[data-only]').forEach(function(box){
  box.addEventListener('change',function(){
    document.body.classList.toggle('only-failed',box.checked);});});
var search=document.getElementById('search');
if(search){search.addEventListener('input',function(){
  var q=search.value.toLowerCase();
  document.querySelectorAll('tr.doc').forEach(function(row){
    row.hidden=q!==''&&row.textContent.toLowerCase().indexOf(q)<0;});});}
